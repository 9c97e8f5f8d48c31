import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../hooks.ts';
import { AuthLayout } from '../AuthLayout.tsx';
import { PasswordForm } from '../../settings/personalSetting/components/PasswordForm.tsx';

/** The forced password change after 90 days; afterwards the user signs in again with the new password. Signing out leaves it for later. */
export default function ForceUpdatePwdPage() {
  const { t } = useTranslation();
  const backToLogin = useSignOut();
  return (
    <AuthLayout title={t('password.forceTitle')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('login.passwordExpired')} />
        <PasswordForm onChanged={() => void backToLogin()} />
        <Button
          type="link"
          onClick={() => void backToLogin()}
          style={{ paddingInline: 0 }}
          data-testid="force-sign-out"
        >
          {t('header.logout')}
        </Button>
      </Space>
    </AuthLayout>
  );
}
