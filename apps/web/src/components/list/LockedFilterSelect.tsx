import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  value?: '' | '0' | '1';
  onChange?(value: '' | '0' | '1'): void;
}

/** The lock filter of an account list's search form: all (''), normal ('0') or locked ('1'), as the list calls take it. */
export function LockedFilterSelect({ value, onChange }: Props) {
  const { t } = useTranslation();
  const options = [
    { value: '', label: t('list.statusAll') },
    { value: '0', label: t('list.statusNormal') },
    { value: '1', label: t('list.statusLocked') },
  ] as const;
  return (
    <Select
      value={value}
      onChange={onChange}
      options={[...options]}
      style={{ minWidth: 120 }}
      data-testid="search-locked"
    />
  );
}
