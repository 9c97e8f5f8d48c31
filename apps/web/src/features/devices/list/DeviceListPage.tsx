import { useEffect, useState, type Key } from 'react';
import { Button, Card, Input, Space, type TableProps } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { addDevice, listDealers, startDeviceExport, type Device, type DeviceFilter } from '@dcc/contract';
import {
  columnSortOrder,
  DataTable,
  listQueryKey,
  LoadFailedAlert,
  TABLE_LOADING_DELAY_MS,
  toListSort,
  useListQuery,
  useRememberedQuery,
  type ListQuery,
} from '../../../components/list/index.ts';
import { useMayCall } from '../../../session/mayCall.ts';
import { FilterBuilder } from '../filter/FilterBuilder.tsx';
import { FILTER_FIELDS } from '../filter/conditionDraft.ts';
import { DEVICE_LIST, DEVICE_LIST_FIRST_PAGE, loadDevices, type DeviceFilters } from '../hooks.ts';
import { ADD_DEVICE_PAGE } from '../paths.ts';
import { BatchActions } from './BatchActions.tsx';
import { deviceColumns } from './deviceColumns.tsx';
import { DeviceTotal } from './DeviceTotal.tsx';
import { ExportButton } from './ExportButton.tsx';

/** Device management > devicesManage (B94): the filter builder, the paged device list, batch actions on the selection and the export. */
export default function DeviceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Filter, keyword, page and sort stay in session storage until another menu entry opens (spec section 2).
  const [query, setQuery] = useRememberedQuery<ListQuery<DeviceFilters>>(DEVICE_LIST, DEVICE_LIST_FIRST_PAGE);
  const [selected, setSelected] = useState<Device[]>([]);
  const mayAdd = useMayCall(addDevice);
  const mayExport = useMayCall(startDeviceExport);
  const mayListDealers = useMayCall(listDealers);
  const list = useListQuery([...listQueryKey(DEVICE_LIST), query], () => loadDevices(query));
  const fields = FILTER_FIELDS.filter((field) => field !== 'dealersId' || mayListDealers);

  // After deleting the last rows of the last page, show the page before it.
  const totalSize = list.data?.totalSize ?? 0;
  const lastPage = Math.max(1, Math.ceil(totalSize / query.pageSize));
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && query.pageIndex > lastPage)
      setQuery({ ...query, pageIndex: lastPage });
  });

  const filters: DeviceFilters = { keyword: query.keyword, filter: query.filter };
  // Filtering again with the same conditions asks again: the live fleet's values and states move on.
  const applyFilter = (filter: DeviceFilter | null) => {
    const next = { ...query, filter, pageIndex: 1 };
    if (JSON.stringify(next) === JSON.stringify(query)) void list.refetch();
    else setQuery(next);
  };
  const columns = deviceColumns(t).map((column) =>
    column.sorter && typeof column.key === 'string'
      ? { ...column, sortOrder: columnSortOrder(query, column.key) }
      : column,
  );
  // Rows of other pages stay selected (antd answers only this page's rows for them).
  const keepSelection = (keys: Key[], rows: (Device | undefined)[]) =>
    setSelected((current) =>
      keys.flatMap(
        (key) => rows.find((row) => row?.deviceId === key) ?? current.find((device) => device.deviceId === key) ?? [],
      ),
    );
  const onChange: TableProps<Device>['onChange'] = (pagination, _filters, sorter, extra) => {
    const pageSize = pagination.pageSize ?? query.pageSize;
    const pageIndex = extra.action === 'paginate' && pageSize === query.pageSize ? (pagination.current ?? 1) : 1;
    setQuery({ ...query, sortField: undefined, sortOrder: undefined, ...toListSort(sorter), pageIndex, pageSize });
  };

  return (
    <>
      <FilterBuilder applied={query.filter} fields={fields} onApply={applyFilter} />
      <Card
        title={t('menu.devicesManage')}
        extra={
          <Space>
            <Input.Search
              allowClear
              defaultValue={query.keyword}
              maxLength={64}
              placeholder={t('devices.keywordPlaceholder')}
              onSearch={(keyword) => setQuery({ ...query, keyword: keyword.trim(), pageIndex: 1 })}
              style={{ width: 260 }}
              data-testid="device-keyword"
            />
            {mayExport && <ExportButton query={query} />}
            {mayAdd && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(ADD_DEVICE_PAGE)}
                data-testid="device-add"
              >
                {t('devices.add')}
              </Button>
            )}
          </Space>
        }
      >
        <div style={{ marginBottom: 16 }}>
          <BatchActions selected={selected} onCleared={() => setSelected([])} />
        </div>
        {list.isError && <LoadFailedAlert onRetry={() => void list.refetch()} testId="device-table-error" />}
        <DataTable<Device>
          rowKey="deviceId"
          size="middle"
          columns={columns}
          dataSource={list.data?.list}
          pending={list.isPending}
          loading={{ spinning: list.isFetching, delay: TABLE_LOADING_DELAY_MS }}
          rowSelection={{
            selectedRowKeys: selected.map((device) => device.deviceId),
            preserveSelectedRowKeys: true,
            onChange: keepSelection,
          }}
          onChange={onChange}
          scroll={{ x: 'max-content' }}
          data-testid="device-table"
          pagination={{
            current: query.pageIndex,
            pageSize: query.pageSize,
            total: totalSize,
            showSizeChanger: true,
            showTotal: () =>
              list.data && (
                <DeviceTotal totalSize={list.data.totalSize} totalExact={list.data.totalExact} filters={filters} />
              ),
          }}
        />
      </Card>
    </>
  );
}
