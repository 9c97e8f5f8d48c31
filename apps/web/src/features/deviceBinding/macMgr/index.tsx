import { useState } from 'react';
import { Button, Form, Input, Tag, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { MAC_STATES, type MacEntry, type MacState } from '@dcc/contract';
import { actionsColumn, FilterSelect, formatTime, PagedTable } from '../../../components/list/index.ts';
import { AddMacsModal } from './AddMacsModal.tsx';
import { AllocateMacModal } from './AllocateMacModal.tsx';
import { loadMacs, MAC_LIST, type MacFilters } from './hooks.ts';
import { MacActions } from './MacActions.tsx';

const EMPTY_FILTERS: MacFilters = { mac: '', deviceCode: '', state: '' };
const STATE_COLORS: Record<MacState, string> = { undistributed: 'default', occupied: 'gold', succeeded: 'green' };

/** Device management > MAC mapping (B263): the company's module MAC addresses and the devices they are allocated to. */
export default function MacMgrPage() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [allocating, setAllocating] = useState<MacEntry | null>(null);
  const stateName = (state: MacState) => t(`deviceBinding.mac.state.${state}`);
  const columns: TableColumnsType<MacEntry> = [
    { title: t('deviceBinding.mac'), dataIndex: 'mac' },
    {
      title: t('deviceBinding.mac.state'),
      dataIndex: 'state',
      render: (state: MacState) => (
        <Tag color={STATE_COLORS[state]} data-testid={`mac-state-${state}`}>
          {stateName(state)}
        </Tag>
      ),
    },
    { title: t('deviceBinding.deviceCode'), dataIndex: 'deviceCode' },
    { title: t('deviceBinding.deviceName'), dataIndex: 'deviceName' },
    { title: t('deviceBinding.dealer'), dataIndex: 'ownerDealerName' },
    { title: t('deviceBinding.mac.occupiedTime'), dataIndex: 'occupiedTime', render: formatTime },
    { title: t('deviceBinding.mac.succeededTime'), dataIndex: 'succeededTime', render: formatTime },
    { title: t('list.createTime'), dataIndex: 'createTime', render: formatTime },
    actionsColumn<MacEntry>(t, (row) => <MacActions row={row} onAllocate={setAllocating} />),
  ];
  return (
    <>
      <PagedTable<MacEntry, MacFilters>
        listName={MAC_LIST}
        initialFilters={EMPTY_FILTERS}
        load={loadMacs}
        columns={columns}
        rowKey="macId"
        title={t('menu.macMgr')}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="mac-add">
            {t('deviceBinding.mac.add')}
          </Button>
        }
        searchFields={
          <>
            <Form.Item name="mac" label={t('deviceBinding.mac')}>
              <Input allowClear maxLength={50} data-testid="mac-search-mac" />
            </Form.Item>
            <Form.Item name="deviceCode" label={t('deviceBinding.deviceCode')}>
              <Input allowClear maxLength={50} data-testid="mac-search-deviceCode" />
            </Form.Item>
            <FilterSelect
              name="state"
              label={t('deviceBinding.mac.state')}
              options={MAC_STATES.map((state) => ({ value: state, label: stateName(state) }))}
              width={140}
              testId="mac-search-state"
            />
          </>
        }
        testId="mac-table"
      />
      <AddMacsModal open={adding} onClose={() => setAdding(false)} />
      <AllocateMacModal mac={allocating} onClose={() => setAllocating(null)} />
    </>
  );
}
