import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerItem } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { useRandomPassword } from '../hooks.ts';
import { OneTimePassword, type OneTimeAccount } from './OneTimePassword.tsx';

/** The random password view: after a confirm, a new password is set on the admin account and shown once. */
export function useRandomPasswordView() {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const random = useRandomPassword();
  const [account, setAccount] = useState<OneTimeAccount | null>(null);
  const ask = (dealer: DealerItem) =>
    void modal.confirm({
      title: t('dealers.randomPassword'),
      content: t('dealers.randomPasswordConfirm', { name: dealer.dealersName }),
      okText: t('dealers.randomPasswordOk'),
      cancelText: t('dealers.cancel'),
      okButtonProps: { 'data-testid': 'random-password-confirm' },
      onOk: () =>
        random
          .mutateAsync(dealer.dealersId)
          .then(({ adminPhone, password }) => setAccount({ phone: adminPhone, password }))
          .catch(() => undefined),
    });
  const view = (
    <OneTimePassword account={account} title={t('dealers.randomPassword')} onClose={() => setAccount(null)} />
  );
  return { ask, view };
}
