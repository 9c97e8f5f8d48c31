import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Identity, phoneField, smsCodeField, type IdentityValue } from '@dcc/contract';
import { NewPasswordFields } from '../../../components/NewPasswordFields.tsx';
import { SmsCodeButton } from '../../../components/SmsCodeButton.tsx';
import { refusesEmpty, zodRule } from '../../../components/zodRule.ts';
import { AuthLayout } from '../AuthLayout.tsx';
import { useForgetPassword } from './hooks.ts';
import { useFeedback } from '../../../app/feedback.tsx';

interface Values {
  name: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Forgotten password: prove the phone with an SMS code (purpose resetPwd) and set a new password. */
export default function ForgetPwdPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userType: IdentityValue = params.get('userType') === Identity.USER ? Identity.USER : Identity.DEALER;
  const [form] = Form.useForm<Values>();
  const reset = useForgetPassword();
  const validPhone = async () => {
    try {
      return (await form.validateFields(['name'])).name.trim();
    } catch {
      return null;
    }
  };
  const submit = (values: Values) =>
    reset.mutate(
      { ...values, userType },
      {
        onSuccess: () => {
          void message.success(t('password.resetDone'));
          void navigate('/login');
        },
      },
    );
  return (
    <AuthLayout title={t('password.forgetTitle', { identity: t(`login.identity.${userType}`) })}>
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off">
        <Form.Item name="name" label={t('password.phone')} rules={[zodRule(phoneField)]} validateTrigger="onBlur">
          <Input data-testid="forget-phone" />
        </Form.Item>
        <Form.Item label={t('password.code')} required={refusesEmpty(smsCodeField)}>
          <Space.Compact block>
            <Form.Item
              name="code"
              noStyle
              rules={[zodRule(smsCodeField)]}
              messageVariables={{ label: t('password.code') }}
            >
              <Input maxLength={6} data-testid="forget-code" />
            </Form.Item>
            <SmsCodeButton phone={validPhone} purpose="resetPwd" userType={userType} />
          </Space.Compact>
        </Form.Item>
        <NewPasswordFields />
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Link to="/login">{t('common.backToLogin')}</Link>
          <Button type="primary" htmlType="submit" loading={reset.isPending} data-testid="forget-submit">
            {t('password.submit')}
          </Button>
        </Space>
      </Form>
    </AuthLayout>
  );
}
