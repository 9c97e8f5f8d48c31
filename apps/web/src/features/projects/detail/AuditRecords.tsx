import { Card, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallResponse, listProjectAudits } from '@dcc/contract';
import { DataTable, TIME_COLUMN_WIDTH, formatTime } from '../../../components/list/index.ts';
import { useProjectAudits } from '../hooks.ts';

type AuditRecord = CallResponse<typeof listProjectAudits>[number];

/** The project's audit records (submit, pass, reject), newest first, states by their names. */
export function AuditRecords({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const records = useProjectAudits(projectId);
  const state = (value: number) => t(`projects.checkState.${value}`);
  const columns: TableColumnsType<AuditRecord> = [
    { title: t('projectsPage.audit.time'), dataIndex: 'createTime', width: TIME_COLUMN_WIDTH, render: formatTime },
    {
      title: t('projectsPage.audit.step'),
      key: 'step',
      render: (_value, record) =>
        t('projectsPage.audit.stepValue', { from: state(record.fromState), to: state(record.toState) }),
    },
    { title: t('projectsPage.audit.operator'), dataIndex: 'operatorName' },
    { title: t('projectsPage.audit.reason'), dataIndex: 'reason' },
  ];
  return (
    <Card size="small" title={t('projectsPage.audit.records')}>
      <DataTable<AuditRecord>
        rowKey="auditId"
        columns={columns}
        dataSource={records.data}
        pending={records.isPending}
        pagination={false}
        data-testid="project-audit-records"
      />
    </Card>
  );
}
