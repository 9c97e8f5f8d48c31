import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AuthLayout } from '../AuthLayout.tsx';

/** Accounts are created by an enterprise administrator; this page says so honestly. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthLayout title={t('register.title')}>
      <Result
        status="info"
        title={t('register.byAdmin')}
        subTitle={t('register.howTo')}
        extra={
          <Button type="primary" onClick={() => void navigate('/login')}>
            {t('common.backToLogin')}
          </Button>
        }
      />
    </AuthLayout>
  );
}
