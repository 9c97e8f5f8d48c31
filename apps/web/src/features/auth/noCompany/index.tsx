import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnterCompany } from '../../company/hooks.ts';
import { LazyPendingInvitations } from '../../invitations/LazyPendingInvitations.tsx';
import { useSignOut } from '../hooks.ts';
import { AuthLayout } from '../AuthLayout.tsx';

/** The signed-in account belongs to no enterprise: only members may enter the console. */
export default function NoCompanyPage() {
  const { t } = useTranslation();
  const back = useSignOut();
  const enterCompany = useEnterCompany();
  return (
    <AuthLayout title={t('noCompany.title')}>
      <LazyPendingInvitations onAccepted={(company) => enterCompany.mutate(company)} />
      <Result
        status="warning"
        title={t('noCompany.title')}
        subTitle={<span data-testid="no-company">{t('noCompany.text')}</span>}
        extra={<Button type="primary" onClick={() => void back()} data-testid="no-company-back">{t('noCompany.back')}</Button>}
      />
    </AuthLayout>
  );
}
