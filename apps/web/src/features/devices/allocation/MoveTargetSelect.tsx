import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoveTargetOptions } from './allocationTargets.ts';

interface Props {
  value?: string;
  onChange?(value: string): void;
  testId: string;
}

/** Picks the dealer devices are moved to (the current company included), searched on the server as the user types. */
export function MoveTargetSelect({ value, onChange, testId }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const { options, loading } = useMoveTargetOptions(keyword);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={onChange}
      options={options}
      loading={loading}
      placeholder={t('dealers.pickDealer')}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
