import { Form, Input, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { addDataType, updateDataType, type DataTypeRecord } from '@dcc/contract';
import { actionsColumn, formatTime, PagedTable, RowActions } from '../../components/list/index.ts';
import { CatalogAddButton, useCatalogColumns } from '../catalog/catalogAccess.tsx';
import { DATA_TYPE_LIST, DATA_TYPE_PAGE, loadDataTypes, useDeleteDataType, type DataTypeFilters } from './hooks.ts';

const EMPTY_FILTERS: DataTypeFilters = { dataTypeName: '' };

/** Product management > Data types (B166): how a point's raw register value becomes its value and back; listed by sort order. */
export default function DataTypeListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteDataType();
  const rule = (value: string) => (value ? <code>{value}</code> : <span>{t('dataTypes.identity')}</span>);
  const columns: TableColumnsType<DataTypeRecord> = [
    { title: t('dataTypes.sortOrder'), dataIndex: 'sortOrder' },
    { title: t('dataTypes.name'), dataIndex: 'dataTypeName' },
    { title: t('dataTypes.enName'), dataIndex: 'dataTypeEnName' },
    { title: t('dataTypes.reportRule'), dataIndex: 'reportRule', render: rule },
    { title: t('dataTypes.sendRule'), dataIndex: 'sendRule', render: rule },
    {
      title: t('dataTypes.signed'),
      dataIndex: 'signed',
      render: (signed: boolean) => <Tag>{t(signed ? 'dataTypes.signedYes' : 'dataTypes.signedNo')}</Tag>,
    },
    { title: t('dataTypes.pointCount'), dataIndex: 'pointCount' },
    { title: t('dataTypes.description'), dataIndex: 'description', ellipsis: true },
    { title: t('dataTypes.creator'), dataIndex: 'creator' },
    { title: t('list.updateTime'), dataIndex: 'updateTime', render: formatTime },
    actionsColumn<DataTypeRecord>(t, (row) => (
      <RowActions
        onEdit={() => navigate(`${DATA_TYPE_PAGE}/dataTypeEdit/${row.dataTypeId}`)}
        deleteName={row.dataTypeName}
        onDelete={() => remove.mutateAsync(row.dataTypeId)}
      />
    )),
  ];
  const shownColumns = useCatalogColumns(columns, updateDataType);
  return (
    <PagedTable<DataTypeRecord, DataTypeFilters>
      listName={DATA_TYPE_LIST}
      initialFilters={EMPTY_FILTERS}
      load={loadDataTypes}
      columns={shownColumns}
      rowKey="dataTypeId"
      title={t('menu.dataTypeManage')}
      toolbar={
        <CatalogAddButton
          call={addDataType}
          label={t('dataTypes.add')}
          onClick={() => navigate(`${DATA_TYPE_PAGE}/dataTypeAdd`)}
          testId="data-type-add"
        />
      }
      searchFields={
        <Form.Item name="dataTypeName" label={t('dataTypes.name')}>
          <Input
            allowClear
            maxLength={50}
            placeholder={t('dataTypes.searchPlaceholder')}
            data-testid="data-type-search-name"
          />
        </Form.Item>
      }
      testId="data-type-table"
    />
  );
}
