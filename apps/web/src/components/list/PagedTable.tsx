import { useEffect, type ReactNode } from 'react';
import { Button, Card, Form, Space, type TableColumnsType, type TableProps } from 'antd';
import { hashKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from './DataTable.tsx';
import { LoadFailedAlert } from './LoadFailedAlert.tsx';
import { columnSortOrder, toListSort, type ListSort } from './sort.ts';
import { useListQuery } from './useListQuery.ts';
import { useRememberedQuery } from './useRememberedQuery.ts';

/** Spec section 9: a table shows its loading display only when loading lasts over 1500 ms. */
export const TABLE_LOADING_DELAY_MS = 1500;
export const DEFAULT_PAGE_SIZE = 10;

/** The paging part of every list request. */
export interface PageRequest {
  pageIndex: number;
  pageSize: number;
}
/** What every list call answers. */
export interface PageAnswer<Row> {
  list: Row[];
  totalSize: number;
  /** False when the call counted only some pages ahead: totalSize is then a lower bound. */
  totalExact?: boolean;
}
/** Everything a list call is asked with: the page's filters, the page and the sort. */
export type ListQuery<Filters> = Filters & PageRequest & ListSort;

/** The TanStack Query key of a list, to invalidate after a change. */
export const listQueryKey = (listName: string) => ['list', listName] as const;

export interface PagedTableProps<Row extends object, Filters extends object, FormValues extends object> {
  /** Names the remembered query in session storage and the query cache. */
  listName: string;
  /** Filters of a fresh page (also what the reset button restores). */
  initialFilters: Filters;
  /** The contract call for one page. */
  load(query: ListQuery<Filters>): Promise<PageAnswer<Row>>;
  /** Columns; a column with `sorter: true` and a `key` sorts by that key on the server. */
  columns: TableColumnsType<Row>;
  rowKey: TableProps<Row>['rowKey'];
  /** Rows of a fresh page; DEFAULT_PAGE_SIZE unless told. */
  pageSize?: number;
  title?: ReactNode;
  /** Buttons at the card's top right (add ...); as a function, given the filters searched (export ...). */
  toolbar?: ReactNode | ((filters: Filters) => ReactNode);
  /** Form.Items of the search form; their names are filter names unless toFilters maps them. */
  searchFields?: ReactNode;
  /** Form values -> filters, for fields that are not plain strings (date ranges). */
  toFilters?(values: FormValues): Filters;
  /** Filters -> form values, the inverse of toFilters. */
  toFormValues?(filters: Filters): FormValues;
  testId?: string;
  /** The table's density: 'middle' for a wide list whose columns must fit the screen. */
  size?: TableProps<Row>['size'];
}

function trimStrings<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : (value ?? '')]),
  ) as T;
}

function pickFilters<Filters extends object>(query: ListQuery<Filters>, initial: Filters): Filters {
  return Object.fromEntries(Object.keys(initial).map((key) => [key, query[key as keyof Filters]])) as Filters;
}

/** A paged, sortable list card with a search form, remembered page and filters, and loading/empty/error states. */
export function PagedTable<Row extends object, Filters extends object, FormValues extends object = Filters>(
  props: PagedTableProps<Row, Filters, FormValues>,
) {
  const { listName, initialFilters, load, rowKey, title, toolbar, searchFields, testId, size } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const firstPage: ListQuery<Filters> = {
    ...initialFilters,
    pageIndex: 1,
    pageSize: props.pageSize ?? DEFAULT_PAGE_SIZE,
  };
  const [query, setQuery] = useRememberedQuery<ListQuery<Filters>>(listName, firstPage);
  const toFilters = props.toFilters ?? ((values: FormValues) => trimStrings(values) as unknown as Filters);
  const toFormValues = props.toFormValues ?? ((filters: Filters) => filters as unknown as FormValues);
  const list = useListQuery([...listQueryKey(listName), query], () => load(query));

  // After deleting the last row of the last page, show the page before it.
  const totalSize = list.data?.totalSize ?? 0;
  const lastPage = Math.max(1, Math.ceil(totalSize / query.pageSize));
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && query.pageIndex > lastPage)
      setQuery({ ...query, pageIndex: lastPage });
  });

  const columns = props.columns.map((column) =>
    column.sorter && typeof column.key === 'string'
      ? { ...column, sortOrder: columnSortOrder(query, column.key) }
      : column,
  );
  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    const pageSize = pagination.pageSize ?? query.pageSize;
    // A new sort or page size starts again at page 1.
    const pageIndex = extra.action === 'paginate' && pageSize === query.pageSize ? (pagination.current ?? 1) : 1;
    setQuery({ ...query, sortField: undefined, sortOrder: undefined, ...toListSort(sorter), pageIndex, pageSize });
  };
  // Searching again with the same filters asks again (rows change meanwhile: a device upgraded, a log written).
  const search = (values: FormValues) => {
    const next = { ...query, ...toFilters(values), pageIndex: 1 };
    if (hashKey([next]) === hashKey([query])) void list.refetch();
    else setQuery(next);
  };
  const reset = () => {
    form.setFieldsValue(toFormValues(initialFilters));
    setQuery(firstPage);
  };

  return (
    <Card title={title} extra={typeof toolbar === 'function' ? toolbar(pickFilters(query, initialFilters)) : toolbar}>
      {searchFields && (
        <Form<FormValues>
          form={form}
          layout="inline"
          initialValues={toFormValues(pickFilters(query, initialFilters))}
          onFinish={search}
          style={{ marginBottom: 16, rowGap: 8 }}
          data-testid={testId && `${testId}-search`}
        >
          {searchFields}
          <Space>
            <Button type="primary" htmlType="submit" data-testid={testId && `${testId}-search-submit`}>
              {t('list.search')}
            </Button>
            <Button onClick={reset}>{t('list.reset')}</Button>
          </Space>
        </Form>
      )}
      {list.isError && <LoadFailedAlert onRetry={() => void list.refetch()} testId={testId && `${testId}-error`} />}
      <DataTable<Row>
        rowKey={rowKey}
        size={size}
        columns={columns}
        dataSource={list.data?.list}
        pending={list.isPending}
        loading={{ spinning: list.isFetching, delay: TABLE_LOADING_DELAY_MS }}
        onChange={onChange}
        data-testid={testId}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.pageIndex,
          pageSize: query.pageSize,
          total: totalSize,
          showSizeChanger: true,
          showTotal: (total) => t(list.data?.totalExact === false ? 'list.moreThan' : 'list.total', { total }),
        }}
      />
    </Card>
  );
}
