import { useState } from 'react';
import { Button, Form, Input, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  canTransition,
  passProjectAudit,
  PROJECT_AUDIT_TRANSITIONS,
  ProjectCheckState,
  rejectProjectAudit,
  type AuditDeviceOutcome,
  type Project,
} from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { useFormSubmit } from '../../../components/useFormSubmit.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useMayCall } from '../../../session/mayCall.ts';
import { usePassAudit, useRejectAudit, useSubmitAudit } from '../hooks.ts';

const reasonField = rejectProjectAudit.request.shape.reason;
const may = (project: Project, to: number) => canTransition(PROJECT_AUDIT_TRANSITIONS, project.projectCheckState, to);

/**
 * The audit steps of spec section 4 the project's state allows: submit (not submitted or rejected), and
 * for holders of the audit button (B100101) pass or reject with a reason. A pass lists what became of each
 * device it activated or unlocked.
 */
export function AuditActions({ project }: { project: Project }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const mayAudit = useMayCall(passProjectAudit);
  const submit = useSubmitAudit(project.projectId);
  const pass = usePassAudit(project.projectId);
  const [rejecting, setRejecting] = useState(false);
  const [outcomes, setOutcomes] = useState<AuditDeviceOutcome[] | null>(null);

  const onSubmit = () =>
    submit
      .mutateAsync(undefined)
      .then(() => void message.success(t('projectsPage.audit.submitted')))
      .catch(() => undefined);
  const onPass = () =>
    pass
      .mutateAsync(undefined)
      .then((answer) => {
        void message.success(t('projectsPage.audit.passed'));
        if (answer.devices.length > 0) setOutcomes(answer.devices);
      })
      .catch(() => undefined);

  return (
    <Space wrap>
      {may(project, ProjectCheckState.PENDING) ? (
        <Button type="primary" loading={submit.isPending} onClick={onSubmit} data-testid="project-audit-submit">
          {t('projectsPage.audit.submit')}
        </Button>
      ) : null}
      {mayAudit && may(project, ProjectCheckState.PASSED) ? (
        <Button type="primary" loading={pass.isPending} onClick={onPass} data-testid="project-audit-pass">
          {t('projectsPage.audit.pass')}
        </Button>
      ) : null}
      {mayAudit && may(project, ProjectCheckState.REJECTED) ? (
        <Button danger onClick={() => setRejecting(true)} data-testid="project-audit-reject">
          {t('projectsPage.audit.reject')}
        </Button>
      ) : null}
      <RejectModal projectId={project.projectId} open={rejecting} onClose={() => setRejecting(false)} />
      <Modal
        open={outcomes !== null}
        title={t('projectsPage.audit.outcomes')}
        footer={null}
        onCancel={() => setOutcomes(null)}
        data-testid="project-audit-outcomes"
      >
        <Table<AuditDeviceOutcome>
          rowKey={(row) => `${row.deviceId}-${row.outcome}`}
          size="small"
          pagination={false}
          dataSource={outcomes ?? []}
          columns={[
            { title: t('projectsPage.devices.code'), dataIndex: 'deviceCode' },
            {
              title: t('projectsPage.audit.outcome'),
              dataIndex: 'outcome',
              render: (outcome: AuditDeviceOutcome['outcome']) => t(`projects.auditOutcome.${outcome}`),
            },
          ]}
        />
      </Modal>
    </Space>
  );
}

/** Rejects the pending audit with a reason (at most 200 characters). */
function RejectModal({ projectId, open, onClose }: { projectId: string; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectAudit(projectId);
  const { submit, submitting } = useFormSubmit(form, async ({ reason }) => {
    await reject.mutateAsync(reason);
    void message.success(t('projectsPage.audit.rejected'));
    onClose();
  });
  return (
    <Modal
      open={open}
      title={t('projectsPage.audit.reject')}
      okText={t('projectsPage.audit.reject')}
      okButtonProps={{ danger: true, 'data-testid': 'project-reject-ok' }}
      cancelText={t('list.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={submitting}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={t('projectsPage.audit.reason')} rules={[zodRule(reasonField)]}>
          <Input.TextArea rows={3} maxLength={200} showCount data-testid="project-reject-reason-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
