import { Button, Form, Input } from 'antd';
import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { accountField, Identity, phoneField, type IdentityValue } from '@dcc/contract';
import { zodRule } from '../../../../components/zodRule.ts';
import { preloadPasswordDigest } from '../../../../api/passwordDigest.ts';

interface Values {
  account: string;
  password: string;
}

interface Props {
  identity: IdentityValue;
  /** False while the platform status is error: the login button is hidden. */
  canLogin: boolean;
  pending: boolean;
  onSubmit(values: Values): void;
}

/** Account and password; the button is enabled only when both are filled. */
export function AccountLoginForm({ identity, canLogin, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const account = Form.useWatch('account', form);
  const password = Form.useWatch('password', form);
  const isDealer = identity === Identity.DEALER;
  return (
    <Form form={form} onFinish={onSubmit} size="large" autoComplete="off">
      <Form.Item
        name="account"
        rules={[zodRule(isDealer ? phoneField : accountField)]}
        validateTrigger="onBlur"
        messageVariables={{ label: t(isDealer ? 'login.phonePlaceholder' : 'login.userNamePlaceholder') }}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t(isDealer ? 'login.phonePlaceholder' : 'login.userNamePlaceholder')}
          data-testid="login-account"
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('validation.password.required') }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          onFocus={preloadPasswordDigest}
          data-testid="login-password"
        />
      </Form.Item>
      {canLogin && (
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={pending}
          disabled={!account || !password}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
      )}
    </Form>
  );
}
