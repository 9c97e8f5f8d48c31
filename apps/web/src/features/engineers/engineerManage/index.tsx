import { useState } from 'react';
import { Button, Form, Input, Tag, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { Engineer } from '@dcc/contract';
import { AreaPicker } from '../../../components/AreaPicker.tsx';
import { AreaTags } from '../../../components/AreaTags.tsx';
import { formatTime, LockedFilterSelect, PagedTable, useAccountActions } from '../../../components/list/index.ts';
import { EngineerFormModal } from './EngineerFormModal.tsx';
import { ENGINEER_LIST, engineerCalls, loadEngineers, type EngineerDraft, type EngineerFilters } from './hooks.ts';

const EMPTY: EngineerDraft = {
  name: '',
  phone: '',
  email: '',
  areaCodes: [],
  notes: '',
  enabled: true,
  password: '',
  confirmPassword: '',
};

/** Dealer management > After-sales engineers (B292): the service accounts that take orders and inspections. */
export default function EngineerManagePage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<EngineerDraft | null>(null);
  const actions = useAccountActions<Engineer>({
    listName: ENGINEER_LIST,
    idOf: (row) => row.engineerId,
    nameOf: (row) => `${row.name} (${row.phone})`,
    lockedOf: (row) => row.locked,
    calls: engineerCalls,
    onEdit: ({ engineerId, name, phone, email, areaCodes, notes, enabled }) =>
      setDraft({ engineerId, name, phone, email, areaCodes, notes, enabled }),
  });
  const columns: TableColumnsType<Engineer> = [
    { title: t('engineers.name'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('engineers.phone'), dataIndex: 'phone', key: 'phone', sorter: true },
    { title: t('engineers.email'), dataIndex: 'email' },
    {
      title: t('engineers.area'),
      dataIndex: 'areaCodes',
      // Named at render, so a language switch needs no new fetch.
      render: (codes: string[]) => <AreaTags codes={codes} testId="engineer-areas-cell" />,
    },
    { title: t('engineers.owner'), dataIndex: 'ownerDealerName' },
    {
      title: t('engineers.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean) =>
        enabled ? <Tag color="blue">{t('engineers.enabledYes')}</Tag> : <Tag>{t('engineers.enabledNo')}</Tag>,
    },
    actions.statusColumn,
    { title: t('list.createTime'), dataIndex: 'createTime', key: 'createTime', sorter: true, render: formatTime },
    actions.column,
  ];
  return (
    <>
      <PagedTable<Engineer, EngineerFilters>
        listName={ENGINEER_LIST}
        initialFilters={{ name: '', phone: '', area: [], locked: '' }}
        load={loadEngineers}
        columns={columns}
        rowKey="engineerId"
        title={t('menu.engineerManage')}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft(EMPTY)} data-testid="engineer-add">
            {t('engineers.add')}
          </Button>
        }
        searchFields={
          <>
            <Form.Item name="name" label={t('engineers.name')}>
              <Input allowClear maxLength={50} data-testid="engineer-search-name" />
            </Form.Item>
            <Form.Item name="phone" label={t('engineers.phone')}>
              <Input allowClear maxLength={50} />
            </Form.Item>
            <Form.Item name="area" label={t('engineers.area')}>
              <AreaPicker testId="engineer-search-area" />
            </Form.Item>
            <Form.Item name="locked" label={t('list.status')}>
              <LockedFilterSelect />
            </Form.Item>
          </>
        }
        testId="engineer-table"
      />
      <EngineerFormModal draft={draft} onClose={() => setDraft(null)} />
      {actions.dialogs}
    </>
  );
}
