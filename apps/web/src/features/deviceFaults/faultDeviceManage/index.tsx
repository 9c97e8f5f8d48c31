import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FaultRecord } from '@dcc/contract';
import { useLiveRefresh } from '../../../api/useLiveRefresh.ts';
import { listQueryKey, PagedTable } from '../../../components/list/index.ts';
import { CURRENT_FAULT_LIST, FAULT_HISTORY_LIST, loadFaults, type FaultFilters } from '../hooks.ts';
import { toRangeValue, toTimeRange, type TimeRangeValue } from '../timeRange.ts';
import { useFaultColumns } from './faultColumns.tsx';
import { FaultSearchFields } from './FaultSearchFields.tsx';

type FormValues = Omit<FaultFilters, 'startTime' | 'endTime'> & { range?: TimeRangeValue };

const toFilters = ({ range, ...values }: FormValues): FaultFilters => ({
  keyword: values.keyword?.trim() ?? '',
  faultCode: values.faultCode?.trim() ?? '',
  level: values.level ?? '',
  status: values.status ?? '',
  ...toTimeRange(range),
});
const toFormValues = ({ startTime, endTime, ...filters }: FaultFilters): FormValues => ({
  ...filters,
  range: toRangeValue({ startTime, endTime }),
});

const EMPTY: FaultFilters = { keyword: '', faultCode: '', level: '', status: '', startTime: '', endTime: '' };

/** One fault list: the current faults (not repaired) or the whole history. */
function FaultTable({ listName, current }: { listName: string; current: boolean }) {
  const columns = useFaultColumns();
  const testId = current ? 'current-fault-table' : 'fault-history-table';
  const initialFilters: FaultFilters = current ? { ...EMPTY, status: 'notRepaired' } : EMPTY;
  return (
    <PagedTable<FaultRecord, FaultFilters, FormValues>
      listName={listName}
      initialFilters={initialFilters}
      // The current list stays on not repaired whatever the form holds.
      load={(query) => loadFaults(current ? { ...query, status: 'notRepaired' } : query)}
      columns={columns}
      rowKey="faultId"
      size="middle"
      toFilters={toFilters}
      toFormValues={toFormValues}
      searchFields={<FaultSearchFields withStatus={!current} testId={testId} />}
      testId={testId}
    />
  );
}

/** Device management > Fault devices (B272): the subtree's current faults, their history, and mark repaired. */
export default function FaultDeviceManagePage() {
  const { t } = useTranslation();
  // Both lists are read again when a fault opens or closes (one live stream for the page).
  useLiveRefresh([listQueryKey(CURRENT_FAULT_LIST), listQueryKey(FAULT_HISTORY_LIST)], ['fault']);
  return (
    <Card title={t('menu.faultDeviceManage')}>
      <Tabs
        data-testid="fault-tabs"
        items={[
          {
            key: 'current',
            label: t('deviceFaults.currentTab'),
            children: <FaultTable listName={CURRENT_FAULT_LIST} current />,
          },
          {
            key: 'history',
            label: t('deviceFaults.historyTab'),
            children: <FaultTable listName={FAULT_HISTORY_LIST} current={false} />,
          },
        ]}
      />
    </Card>
  );
}
