import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { Identity, type IdentityValue } from '@dcc/contract';

interface Props {
  value: IdentityValue;
  onChange(identity: IdentityValue): void;
}

/** Chooses the login identity: dealer (merchant) staff or end user. */
export function IdentitySwitch({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Segmented<IdentityValue>
      block
      value={value}
      onChange={onChange}
      data-testid="identity-switch"
      options={[
        { value: Identity.DEALER, label: t('login.identity.dealer') },
        { value: Identity.USER, label: t('login.identity.user') },
      ]}
    />
  );
}
