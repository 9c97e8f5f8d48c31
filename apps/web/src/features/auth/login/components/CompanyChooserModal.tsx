import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Enterprise } from '@dcc/contract';
import { CompanyList } from '../../../../components/CompanyList.tsx';
import { LazyPendingInvitations } from '../../../invitations/LazyPendingInvitations.tsx';

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
      <LazyPendingInvitations onAccepted={onChoose} />
      <div data-testid="company-chooser">
        <CompanyList companies={companies ?? []} loadingId={pendingId} onChoose={onChoose} />
      </div>
    </Modal>
  );
}
