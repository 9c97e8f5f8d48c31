import { useState } from 'react';
import { Button, Card, Empty, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { DEALER_MAX_LEVEL, type DealerItem } from '@dcc/contract';
import { recallListState, rememberListState, useSession } from '../../../session/session.ts';
import { LevelTag } from '../components/LevelTag.tsx';
import { useDealerChildren, useDealerList, type DealerListQuery } from '../hooks.ts';
import { useDealerActions } from './useDealerActions.tsx';
import { formatTime } from '../../../components/time/platformTime.ts';
import { ACTIONS_COLUMN_KEY, DataTable } from '../../../components/list/index.ts';

type Row = DealerItem & { children?: Row[] };
interface Filters {
  dealersName: string;
  dealersCode: string;
  level: number | '';
}

const LIST_NAME = 'dealersManage';
const NO_FILTERS: Filters = { dealersName: '', dealersCode: '', level: '' };
const LEVELS = Array.from({ length: DEALER_MAX_LEVEL }, (_unused, index) => index + 1);
const searching = (filters: Filters) =>
  filters.dealersName !== '' || filters.dealersCode !== '' || filters.level !== '';

/** dealersManage (B135): the dealers under the current company as a lazily opened tree, or a flat list when searching. */
export default function DealerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { dealersId } = useSession();
  const [state, setStateValue] = useState(
    () =>
      recallListState<Filters & { pageIndex: number; pageSize: number }>(LIST_NAME) ?? {
        ...NO_FILTERS,
        pageIndex: 1,
        pageSize: 10,
      },
  );
  const setState = (next: typeof state) => {
    rememberListState(LIST_NAME, next);
    setStateValue(next);
  };
  const flat = searching(state);
  const query: DealerListQuery = flat
    ? { ...state, parentId: '' }
    : { parentId: dealersId ?? '', pageIndex: state.pageIndex, pageSize: state.pageSize };
  const list = useDealerList(query);
  const [openedIds, setOpenedIds] = useState<string[]>([]);
  const childrenOf = useDealerChildren(openedIds);
  const [form] = Form.useForm<Filters>();
  const actions = useDealerActions();

  // Dealers with sub-dealers get an empty child list until opened, so the table shows their expand icon.
  const withChildren = (dealer: DealerItem): Row =>
    flat || dealer.childCount === 0
      ? dealer
      : { ...dealer, children: (childrenOf[dealer.dealersId] ?? []).map(withChildren) };
  const rows = (list.data?.list ?? []).map(withChildren);
  const expand = (expanded: boolean, row: Row) => {
    if (expanded && !openedIds.includes(row.dealersId)) setOpenedIds([...openedIds, row.dealersId]);
  };
  const reset = () => {
    form.setFieldsValue(NO_FILTERS);
    setState({ ...NO_FILTERS, pageIndex: 1, pageSize: state.pageSize });
  };

  const columns: TableColumnsType<Row> = [
    {
      title: t('dealers.name'),
      dataIndex: 'dealersName',
      render: (name: string, row) => (
        <Link to={`dealersDetail/${row.dealersId}`} data-testid="dealer-name-link">
          {name}
        </Link>
      ),
    },
    { title: t('dealers.code'), dataIndex: 'dealersCode' },
    { title: t('dealers.levelTitle'), dataIndex: 'level', render: (level: number) => <LevelTag level={level} /> },
    ...(flat ? [{ title: t('dealers.parent'), dataIndex: 'parentName' }] : []),
    { title: t('dealers.contactName'), dataIndex: 'contactName' },
    { title: t('dealers.contactPhone'), dataIndex: 'contactPhone' },
    {
      title: t('dealers.state'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => (
        <Tag color={enabled ? 'green' : 'default'}>{t(enabled ? 'dealers.enabled' : 'dealers.disabled')}</Tag>
      ),
    },
    { title: t('dealers.createTime'), dataIndex: 'createTime', render: formatTime },
    {
      title: t('dealers.actions'),
      key: ACTIONS_COLUMN_KEY,
      render: (_value, row) => actions.render(row, row.dealersId === dealersId),
    },
  ];

  return (
    <Card
      title={t('menu.dealersManage')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('addDealers')} data-testid="dealer-add">
          {t('dealers.add')}
        </Button>
      }
    >
      <Form<Filters>
        form={form}
        layout="inline"
        initialValues={state}
        onFinish={(values) =>
          setState({
            dealersName: values.dealersName?.trim() ?? '',
            dealersCode: values.dealersCode?.trim() ?? '',
            level: values.level ?? '',
            pageIndex: 1,
            pageSize: state.pageSize,
          })
        }
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="dealersName" label={t('dealers.name')}>
          <Input allowClear maxLength={50} data-testid="dealer-search-name" />
        </Form.Item>
        <Form.Item name="dealersCode" label={t('dealers.code')}>
          <Input allowClear maxLength={50} data-testid="dealer-search-code" />
        </Form.Item>
        <Form.Item name="level" label={t('dealers.levelTitle')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={LEVELS.map((level) => ({ value: level, label: t('dealers.level', { level }) }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="dealer-search-submit">
            {t('dealers.search')}
          </Button>
          <Button onClick={reset} data-testid="dealer-search-reset">
            {t('dealers.reset')}
          </Button>
        </Space>
      </Form>
      <DataTable<Row>
        rowKey="dealersId"
        columns={columns}
        dataSource={rows}
        pending={list.isPending}
        loading={list.isFetching}
        expandable={{ onExpand: expand }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dealers.empty')} /> }}
        scroll={{ x: 'max-content' }}
        data-testid="dealer-table"
        pagination={{
          current: state.pageIndex,
          pageSize: state.pageSize,
          total: list.data?.totalSize ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('dealers.total', { total }),
          onChange: (pageIndex, pageSize) =>
            setState({ ...state, pageIndex: pageSize === state.pageSize ? pageIndex : 1, pageSize }),
        }}
      />
      {actions.dialogs}
    </Card>
  );
}
