import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../NewPasswordFields.tsx';
import { EditModal } from './EditModal.tsx';

interface Props {
  /** Whose password is reset (shown in the title), or null when closed. */
  accountName: string | null;
  onSubmit(values: { password: string; confirmPassword: string }): Promise<unknown>;
  onClose(): void;
}

/** Asks the administrator for a new password twice (contract password rule) and sets it. */
export function ResetPasswordModal({ accountName, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <EditModal
      draft={accountName === null ? null : { password: '', confirmPassword: '' }}
      title={t('list.resetPasswordOf', { name: accountName ?? '' })}
      onSubmit={onSubmit}
      onClose={onClose}
      doneText={t('list.passwordReset')}
      testId="reset-password-form"
    >
      <NewPasswordFields />
    </EditModal>
  );
}
