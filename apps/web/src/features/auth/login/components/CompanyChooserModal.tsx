import { lazy, Suspense } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Enterprise } from '@dcc/contract';
import { CompanyList } from '../../../../components/CompanyList.tsx';

// The account's pending invitations, with their texts, loaded only when this screen shows.
const PendingInvitations = lazy(() =>
  import('../../../invitations/PendingInvitations.tsx').then(
    async (module) => (await module.loadInvitationTexts(), module),
  ),
);

interface Props {
  companies: Enterprise[] | null;
  pendingId: string | null;
  onChoose(company: Enterprise): void;
  onCancel(): void;
}

/** The account belongs to several companies: the user picks the one to work in. */
export function CompanyChooserModal({ companies, pendingId, onChoose, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={companies !== null} title={t('company.chooseTitle')} footer={null} onCancel={onCancel} destroyOnHidden>
      <Suspense fallback={null}>
        <PendingInvitations onAccepted={onChoose} />
      </Suspense>
      <div data-testid="company-chooser">
        <CompanyList companies={companies ?? []} loadingId={pendingId} onChoose={onChoose} />
      </div>
    </Modal>
  );
}
