import { Button, Form, Input, Space } from 'antd';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import { useTranslation } from 'react-i18next';
import { Identity, phoneField, smsCodeField } from '@dcc/contract';
import { SmsCodeButton } from '../../../../components/SmsCodeButton.tsx';
import { zodRule } from '../../../../components/zodRule.ts';

interface Values {
  phone: string;
  code: string;
}

interface Props {
  canLogin: boolean;
  pending: boolean;
  onSubmit(values: Values): void;
}

/** Phone and SMS code (dealer identity only); the button is enabled only when both are filled. */
export function CodeLoginForm({ canLogin, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const phone = Form.useWatch('phone', form);
  const code = Form.useWatch('code', form);
  const validPhone = async () => {
    try {
      const values = await form.validateFields(['phone']);
      return values.phone.trim();
    } catch {
      return null;
    }
  };
  return (
    <Form form={form} onFinish={onSubmit} size="large" autoComplete="off">
      <Form.Item
        name="phone"
        rules={[zodRule(phoneField)]}
        validateTrigger="onBlur"
        messageVariables={{ label: t('login.phonePlaceholder') }}
      >
        <Input prefix={<MobileOutlined />} placeholder={t('login.phonePlaceholder')} data-testid="code-phone" />
      </Form.Item>
      <Form.Item>
        <Space.Compact block>
          <Form.Item
            name="code"
            noStyle
            rules={[zodRule(smsCodeField)]}
            validateTrigger="onBlur"
            messageVariables={{ label: t('login.codePlaceholder') }}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('login.codePlaceholder')}
              maxLength={6}
              data-testid="code-input"
            />
          </Form.Item>
          <SmsCodeButton phone={validPhone} purpose="login" userType={Identity.DEALER} />
        </Space.Compact>
      </Form.Item>
      {canLogin && (
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={pending}
          disabled={!phone || !code}
          data-testid="code-submit"
        >
          {t('login.submit')}
        </Button>
      )}
    </Form>
  );
}
