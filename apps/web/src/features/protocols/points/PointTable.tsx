import { Button, Space, Tag, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { addPoint, POINT_MODES, POINT_PAGE_SIZE, type ProtocolPoint, type ProtocolVersion } from '@dcc/contract';
import { actionsColumn, FilterSelect, formatTime, PagedTable, RowActions } from '../../../components/list/index.ts';
import { protocolPaths } from '../paths.ts';
import { loadPoints, pointListName, useDeletePoint, type PointFilters } from './hooks.ts';
import { PointExcelActions } from './PointExcelActions.tsx';
import { PointSearchField } from './PointSearchField.tsx';
import { useMayCall } from '../../../session/mayCall.ts';

const EMPTY_FILTERS: PointFilters = { search: '', mode: '' };

// Flags shown as tags, by the point field that holds them.
const FLAGS = ['vendorParam', 'basicInfo', 'endUserDisplay', 'clientParam', 'hidden', 'highLow', 'faultType'] as const;

interface Props {
  protocolId: string;
  version: ProtocolVersion;
}

/** The parameter list of one protocol version: search, mode filter, sort, pages of 20; add, open, delete, Excel. */
export function PointTable({ protocolId, version }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeletePoint();
  const canChange = useMayCall(addPoint);
  const columns: TableColumnsType<ProtocolPoint> = [
    { title: t('points.address'), dataIndex: 'address', key: 'address', sorter: true },
    {
      title: t('points.code'),
      dataIndex: 'pointCode',
      key: 'pointCode',
      sorter: true,
      render: (code: string, row) => (
        <Link to={protocolPaths.pointDetail(protocolId, row.pointId)} data-testid="point-open">
          {code}
        </Link>
      ),
    },
    { title: t('points.name'), dataIndex: 'pointName' },
    { title: t('points.enName'), dataIndex: 'pointEnName' },
    { title: t('points.mode'), dataIndex: 'mode' },
    {
      title: t('points.dataType'),
      dataIndex: 'dataTypeName',
      render: (name: string) => name || t('points.rawInteger'),
    },
    { title: t('points.unit'), dataIndex: 'unit' },
    { title: t('points.valueRange'), dataIndex: 'valueRange' },
    {
      title: t('points.flags'),
      key: 'flags',
      render: (_value, row) =>
        FLAGS.filter((flag) => row[flag]).map((flag) => <Tag key={flag}>{t(`points.flag.${flag}`)}</Tag>),
    },
    { title: t('list.updateTime'), dataIndex: 'updateTime', key: 'updateTime', sorter: true, render: formatTime },
    actionsColumn<ProtocolPoint>(t, (row) => (
      <RowActions
        onEdit={() => navigate(protocolPaths.pointDetail(protocolId, row.pointId))}
        editLabel={t(canChange ? 'list.edit' : 'points.view')}
        deleteQuestion={t('points.deleteConfirm', { code: row.pointCode, address: row.address })}
        onDelete={canChange ? () => remove.mutateAsync({ pointId: row.pointId, version: row.version }) : undefined}
      />
    )),
  ];
  return (
    <PagedTable<ProtocolPoint, PointFilters>
      // A table per version: its page and filters are remembered apart.
      key={version.versionId}
      listName={pointListName(version.versionId)}
      initialFilters={EMPTY_FILTERS}
      load={(query) => loadPoints(version.versionId, query)}
      columns={columns}
      rowKey="pointId"
      pageSize={POINT_PAGE_SIZE}
      title={t('points.title', { version: version.versionName })}
      toolbar={
        <Space wrap>
          <Button
            onClick={() => navigate(protocolPaths.pointHistory(protocolId, version.versionId))}
            data-testid="point-history-link"
          >
            {t('pointHistory.open')}
          </Button>
          <PointExcelActions
            versionId={version.versionId}
            versionName={version.versionName}
            pointCount={version.pointCount}
            canImport={canChange}
          />
          {canChange && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(protocolPaths.pointAdd(protocolId, version.versionId))}
              data-testid="point-add"
            >
              {t('points.add')}
            </Button>
          )}
        </Space>
      }
      searchFields={
        <>
          <PointSearchField testId="point-search" />
          <FilterSelect
            name="mode"
            label={t('points.mode')}
            options={POINT_MODES.map((mode) => ({ value: mode, label: mode }))}
            width={120}
            testId="point-mode-filter"
          />
        </>
      }
      testId="point-table"
    />
  );
}
