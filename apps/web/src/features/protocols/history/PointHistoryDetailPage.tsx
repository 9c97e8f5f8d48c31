import { Alert, Button, Card, Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { FieldChange } from '@dcc/contract';
import { DataTable, formatTime } from '../../../components/list/index.ts';
import { protocolPaths } from '../paths.ts';
import { ActionTag } from './ActionTag.tsx';
import { useHistoryDetail } from './hooks.ts';
import { fieldLabel } from './fieldLabel.ts';

/** pointHistoryDetail: who changed which point when, and each field before and after. */
export default function PointHistoryDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { protocolId = '', historyId = '' } = useParams();
  const detail = useHistoryDetail(historyId);
  const entry = detail.data;
  if (!entry) {
    return (
      <Card loading={detail.isLoading} data-testid="history-detail">
        {detail.isError && (
          <Alert
            type="error"
            showIcon
            title={t('pointHistory.loadFailed')}
            action={
              <Button size="small" onClick={() => void detail.refetch()}>
                {t('list.retry')}
              </Button>
            }
          />
        )}
      </Card>
    );
  }
  return (
    <Card
      title={t('pointHistory.detailTitle', { code: entry.pointCode })}
      extra={
        <Button
          onClick={() => navigate(protocolPaths.pointHistory(protocolId, entry.versionId))}
          data-testid="history-detail-back"
        >
          {t('protocols.back')}
        </Button>
      }
      data-testid="history-detail"
    >
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('pointHistory.operator')}>{entry.operator}</Descriptions.Item>
        <Descriptions.Item label={t('pointHistory.time')}>{formatTime(entry.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('pointHistory.actionTitle')}>
          <ActionTag action={entry.action} />
        </Descriptions.Item>
        <Descriptions.Item label={t('points.address')}>{entry.address}</Descriptions.Item>
        <Descriptions.Item label={t('points.code')}>{entry.pointCode}</Descriptions.Item>
        <Descriptions.Item label={t('points.name')}>{entry.pointName}</Descriptions.Item>
      </Descriptions>
      <DataTable<FieldChange>
        size="small"
        rowKey="field"
        dataSource={entry.changes}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pointHistory.noChanges')} /> }}
        columns={[
          { title: t('pointHistory.field'), dataIndex: 'field', render: (field: string) => fieldLabel(t, field) },
          {
            title: t('pointHistory.before'),
            dataIndex: 'before',
            render: (value: string) => <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{value}</code>,
          },
          {
            title: t('pointHistory.after'),
            dataIndex: 'after',
            render: (value: string) => <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{value}</code>,
          },
        ]}
        data-testid="history-changes"
      />
    </Card>
  );
}
