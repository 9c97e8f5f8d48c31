import { lazy, Suspense } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnterCompany } from '../../company/hooks.ts';
import { useSignOut } from '../hooks.ts';
import { AuthLayout } from '../AuthLayout.tsx';

// The account's pending invitations, with their texts, loaded only when this screen shows.
const PendingInvitations = lazy(() =>
  import('../../invitations/PendingInvitations.tsx').then(
    async (module) => (await module.loadInvitationTexts(), module),
  ),
);

/** The signed-in account belongs to no enterprise: only members may enter the console. */
export default function NoCompanyPage() {
  const { t } = useTranslation();
  const back = useSignOut();
  const enterCompany = useEnterCompany();
  return (
    <AuthLayout title={t('noCompany.title')}>
      <Suspense fallback={null}>
        <PendingInvitations onAccepted={(company) => enterCompany.mutate(company)} />
      </Suspense>
      <Result
        status="warning"
        subTitle={<span data-testid="no-company">{t('noCompany.text')}</span>}
        extra={
          <Button type="primary" onClick={() => void back()} data-testid="no-company-back">
            {t('noCompany.back')}
          </Button>
        }
      />
    </AuthLayout>
  );
}
