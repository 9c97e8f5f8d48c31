import { Form, Tabs, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { faultTypeOf, type CallResponse, type listDeviceFaults } from '@dcc/contract';
import { FAULT_TYPE_COLORS } from '../../../../components/deviceColors.ts';
import { formatTime, PagedTable } from '../../../../components/list/index.ts';
import { fromPickerTime } from '../../../../components/time/platformTime.ts';
import { ZonedRangePicker } from '../../../../components/time/ZonedPickers.tsx';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { loadFaults } from './historyHooks.ts';

type DeviceFault = CallResponse<typeof listDeviceFaults>['list'][number];
interface FaultFilters {
  startTime: string;
  endTime: string;
}
interface FaultFormValues {
  range?: [Dayjs, Dayjs] | null;
}

const NO_RANGE: FaultFilters = { startTime: '', endTime: '' };
const toFilters = ({ range }: FaultFormValues): FaultFilters =>
  range
    ? { startTime: fromPickerTime(range[0].startOf('day')), endTime: fromPickerTime(range[1].endOf('day')) }
    : NO_RANGE;
const toFormValues = (): FaultFormValues => ({ range: null });

/** Fault events: the open ones (real time) and every one opened in a range (history), with type, level, whether repaired, and who marked it repaired when. */
export default function FaultsTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<DeviceFault> = [
    { title: t('deviceHistory.faults.code'), dataIndex: 'faultCode' },
    { title: t('deviceHistory.faults.description'), dataIndex: 'description' },
    {
      title: t('deviceHistory.faults.type'),
      dataIndex: 'faultType',
      render: (type: DeviceFault['faultType']) => t(`deviceHistory.faults.types.${type}`),
    },
    {
      title: t('deviceHistory.faults.level'),
      dataIndex: 'level',
      render: (level: number) => <Tag color={FAULT_TYPE_COLORS[faultTypeOf(level)]}>{level}</Tag>,
    },
    { title: t('deviceHistory.faults.address'), dataIndex: 'address' },
    { title: t('deviceHistory.faults.startTime'), dataIndex: 'startTime', render: formatTime },
    { title: t('deviceHistory.faults.endTime'), dataIndex: 'endTime', render: formatTime },
    {
      title: t('deviceHistory.faults.repaired'),
      dataIndex: 'repaired',
      render: (repaired: boolean) => (
        <Tag color={repaired ? 'green' : 'red'}>
          {t(repaired ? 'deviceHistory.faults.isRepaired' : 'deviceHistory.faults.notRepaired')}
        </Tag>
      ),
    },
    { title: t('deviceHistory.faults.repairedBy'), dataIndex: 'repairedBy' },
    { title: t('deviceHistory.faults.repairedAt'), dataIndex: 'repairedAt', render: formatTime },
  ];
  const rowKey = (row: DeviceFault) => row.faultId;
  return (
    <Tabs
      items={[
        {
          key: 'current',
          label: t('deviceHistory.faults.current'),
          children: (
            <PagedTable<DeviceFault, object>
              listName={`deviceHistory.faultsNow.${deviceId}`}
              initialFilters={{}}
              load={loadFaults(deviceId, true)}
              columns={columns}
              rowKey={rowKey}
              testId="faults-current-table"
            />
          ),
        },
        {
          key: 'history',
          label: t('deviceHistory.faults.history'),
          children: (
            <PagedTable<DeviceFault, FaultFilters, FaultFormValues>
              listName={`deviceHistory.faultHistory.${deviceId}`}
              initialFilters={NO_RANGE}
              load={loadFaults(deviceId, false)}
              columns={columns}
              rowKey={rowKey}
              toFilters={toFilters}
              toFormValues={toFormValues}
              searchFields={
                <Form.Item name="range" label={t('deviceHistory.faults.range')}>
                  <ZonedRangePicker data-testid="faults-history-range" />
                </Form.Item>
              }
              testId="faults-history-table"
            />
          ),
        },
      ]}
    />
  );
}
