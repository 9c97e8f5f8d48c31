import { Button, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { POINT_ACTIONS, type PointHistoryEntry } from '@dcc/contract';
import { actionsColumn, FilterSelect, formatTime, PagedTable } from '../../../components/list/index.ts';
import { useProtocolDetail } from '../hooks.ts';
import { protocolPaths } from '../paths.ts';
import { PointSearchField } from '../points/PointSearchField.tsx';
import { ActionTag } from './ActionTag.tsx';
import { fieldLabel } from './fieldLabel.ts';
import { historyListName, loadHistory, type HistoryFilters } from './hooks.ts';

const EMPTY_FILTERS: HistoryFilters = { search: '', action: '' };

/** pointHistory: every change of one version's points, newest first, with search and a change-type filter. */
export default function PointHistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { protocolId = '', versionId = '' } = useParams();
  const protocol = useProtocolDetail(protocolId).data;
  const version = protocol?.versions.find((candidate) => candidate.versionId === versionId);
  const columns: TableColumnsType<PointHistoryEntry> = [
    { title: t('pointHistory.time'), dataIndex: 'createTime', render: formatTime },
    {
      title: t('pointHistory.actionTitle'),
      dataIndex: 'action',
      render: (action: PointHistoryEntry['action']) => <ActionTag action={action} />,
    },
    { title: t('points.address'), dataIndex: 'address' },
    { title: t('points.code'), dataIndex: 'pointCode' },
    { title: t('points.name'), dataIndex: 'pointName' },
    {
      title: t('pointHistory.changedFields'),
      dataIndex: 'changedFields',
      render: (fields: string[]) => fields.map((field) => fieldLabel(t, field)).join(', '),
    },
    { title: t('pointHistory.operator'), dataIndex: 'operator' },
    actionsColumn<PointHistoryEntry>(t, (row) => (
      <Link to={protocolPaths.pointHistoryDetail(protocolId, row.historyId)} data-testid="history-detail-link">
        {t('pointHistory.view')}
      </Link>
    )),
  ];
  return (
    <PagedTable<PointHistoryEntry, HistoryFilters>
      listName={historyListName(versionId)}
      initialFilters={EMPTY_FILTERS}
      load={(query) => loadHistory(versionId, query)}
      columns={columns}
      rowKey="historyId"
      title={t('pointHistory.title', { protocol: protocol?.protocolName ?? '', version: version?.versionName ?? '' })}
      toolbar={
        <Button onClick={() => navigate(protocolPaths.detail(protocolId, versionId))} data-testid="history-back">
          {t('protocols.back')}
        </Button>
      }
      searchFields={
        <>
          <PointSearchField testId="history-search" />
          <FilterSelect
            name="action"
            label={t('pointHistory.actionTitle')}
            options={POINT_ACTIONS.map((action) => ({ value: action, label: t(`pointHistory.action.${action}`) }))}
            width={140}
            testId="history-action-filter"
          />
        </>
      }
      testId="history-table"
    />
  );
}
