import { Button, Form, Input, Space, Tag, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { DataTypeRecord } from '@dcc/contract';
import { useFeedback } from '../../app/feedback.tsx';
import { ConfirmAction, formatTime, PagedTable } from '../../components/list/index.ts';
import { ReadOnlyNote, useCatalogMaker } from '../products/catalogAccess.tsx';
import { DATA_TYPE_LIST, DATA_TYPE_PAGE, loadDataTypes, useDeleteDataType, type DataTypeFilters } from './hooks.ts';

const EMPTY_FILTERS: DataTypeFilters = { dataTypeName: '' };

/** Product management > Data types (B166): how a point's raw register value becomes its value and back; listed by sort order. */
export default function DataTypeListPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const remove = useDeleteDataType();
  const maker = useCatalogMaker();
  const rule = (value: string) => (value ? <code>{value}</code> : <span>{t('dataTypes.identity')}</span>);
  const columns: TableColumnsType<DataTypeRecord> = [
    { title: t('dataTypes.sortOrder'), dataIndex: 'sortOrder' },
    { title: t('dataTypes.name'), dataIndex: 'dataTypeName' },
    { title: t('dataTypes.reportRule'), dataIndex: 'reportRule', render: rule },
    { title: t('dataTypes.sendRule'), dataIndex: 'sendRule', render: rule },
    { title: t('dataTypes.signed'), dataIndex: 'signed', render: (signed: boolean) => <Tag>{t(signed ? 'dataTypes.signedYes' : 'dataTypes.signedNo')}</Tag> },
    { title: t('dataTypes.pointCount'), dataIndex: 'pointCount' },
    { title: t('dataTypes.description'), dataIndex: 'description', ellipsis: true },
    { title: t('dataTypes.creator'), dataIndex: 'creator' },
    { title: t('list.updateTime'), dataIndex: 'updateTime', render: formatTime },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`${DATA_TYPE_PAGE}/dataTypeEdit/${row.dataTypeId}`)} data-testid="row-edit">{t('list.edit')}</Button>
          <ConfirmAction
            title={t('list.deleteConfirm', { name: row.dataTypeName })}
            onConfirm={() => remove.mutateAsync(row.dataTypeId).then(() => void message.success(t('list.deleted')))}
            testId="row-delete"
          >
            {t('list.delete')}
          </ConfirmAction>
        </Space>
      ),
    },
  ];
  // Other companies read the catalog only.
  const shownColumns = maker ? columns : columns.filter((column) => column.key !== 'actions');
  return (
    <PagedTable<DataTypeRecord, DataTypeFilters>
      listName={DATA_TYPE_LIST}
      initialFilters={EMPTY_FILTERS}
      load={loadDataTypes}
      columns={shownColumns}
      rowKey="dataTypeId"
      title={t('menu.dataTypeManage')}
      toolbar={!maker ? <ReadOnlyNote /> : <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${DATA_TYPE_PAGE}/dataTypeAdd`)} data-testid="data-type-add">{t('dataTypes.add')}</Button>}
      searchFields={
        <Form.Item name="dataTypeName" label={t('dataTypes.name')}>
          <Input allowClear maxLength={50} placeholder={t('dataTypes.searchPlaceholder')} data-testid="data-type-search-name" />
        </Form.Item>
      }
      testId="data-type-table"
    />
  );
}
