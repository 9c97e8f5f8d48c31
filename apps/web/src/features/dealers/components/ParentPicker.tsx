import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEALER_MAX_LEVEL } from '@dcc/contract';
import { useSession } from '../../../session/session.ts';
import { useDealerList } from '../hooks.ts';

interface Props {
  /** A dealer id of the subtree; '' is the current company itself. */
  value?: string;
  onChange?(value: string): void;
  /** A dealer being handed over: offer only the dealers the server lets receive its sub-dealers (the company itself included). */
  handOverFrom?: string;
  /** Offer the current company itself (as ''), e.g. as the parent of a new dealer. */
  includeCurrent?: boolean;
  /** Only dealers that may still have children (below level 5). */
  parentsOnly?: boolean;
  testId?: string;
}

/** Chooses a dealer of the current company's subtree, searching by name on the server. */
export function ParentPicker({
  value,
  onChange,
  handOverFrom = '',
  includeCurrent = false,
  parentsOnly = false,
  testId = 'dealer-picker',
}: Props) {
  const { t } = useTranslation();
  const { dealersName } = useSession();
  const [search, setSearch] = useState('');
  const list = useDealerList({ parentId: '', dealersName: search, pageIndex: 1, pageSize: 50, handOverFrom });
  const dealers = (list.data?.list ?? []).filter((dealer) => !parentsOnly || dealer.level < DEALER_MAX_LEVEL);
  const options = [
    ...(includeCurrent ? [{ value: '', label: t('dealers.currentCompany', { name: dealersName ?? '' }) }] : []),
    ...dealers.map((dealer) => ({ value: dealer.dealersId, label: `${dealer.dealersName} (${dealer.dealersCode})` })),
  ];
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={onChange}
      options={options}
      loading={list.isFetching}
      placeholder={t('dealers.pickDealer')}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
