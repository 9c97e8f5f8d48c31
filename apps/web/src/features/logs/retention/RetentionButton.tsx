import { useState } from 'react';
import { Button, Drawer, Flex, Form, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  getLogRetention,
  LOG_RETENTION_MAX_DAYS,
  updateLogRetention,
  type LogKindName,
  type LogRetentionRun,
} from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { formatTime } from '../../../components/list/index.ts';
import { useMayCall } from '../../../session/mayCall.ts';

const QUERY_KEY = ['logs', 'retention'];

/** One log kind's days, saved on its own. */
function KindDays({ kind, days }: { kind: LogKindName; days: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: { days: number }) => call(updateLogRetention, { kind, days: values.days }),
    onSuccess: () => {
      void message.success(t('logs.retention.saved'));
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });
  return (
    <Form layout="inline" initialValues={{ days }} onFinish={(values) => save.mutate(values)}>
      <Form.Item label={t(`logs.retention.kinds.${kind}`)} style={{ minWidth: 260 }}>
        <Space>
          <Form.Item name="days" noStyle rules={[{ required: true, message: t('logs.retention.daysRequired') }]}>
            <InputNumber min={1} max={LOG_RETENTION_MAX_DAYS} precision={0} data-testid={`retention-days-${kind}`} />
          </Form.Item>
          <span>{t('logs.retention.days')}</span>
        </Space>
      </Form.Item>
      <Button htmlType="submit" loading={save.isPending} data-testid={`retention-save-${kind}`}>
        {t('logs.retention.save')}
      </Button>
    </Form>
  );
}

/**
 * Log retention for platform operators (B213): how many days each log kind is kept, and the latest runs
 * of the job that drops whole day partitions older than that. Shown only to those who may call it.
 */
export function RetentionButton() {
  const { t } = useTranslation();
  const allowed = useMayCall(getLogRetention);
  const [open, setOpen] = useState(false);
  const retention = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => call(getLogRetention, {}),
    enabled: open,
  });
  if (!allowed) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="log-retention">
        {t('logs.retention.button')}
      </Button>
      <Drawer open={open} size="large" title={t('logs.retention.title')} onClose={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t('logs.retention.explain')}</Typography.Paragraph>
        <Flex vertical gap={8} style={{ marginBottom: 24 }}>
          {retention.data?.settings.map((setting) => (
            <KindDays key={setting.kind} kind={setting.kind} days={setting.days} />
          ))}
        </Flex>
        <Typography.Title level={5}>{t('logs.retention.runs')}</Typography.Title>
        <Table<LogRetentionRun>
          rowKey="runId"
          size="small"
          loading={retention.isPending}
          dataSource={retention.data?.runs}
          pagination={false}
          data-testid="retention-runs"
          columns={[
            { title: t('logs.retention.startedAt'), dataIndex: 'startedAt', render: formatTime },
            { title: t('logs.retention.finishedAt'), dataIndex: 'finishedAt', render: formatTime },
            {
              title: t('logs.retention.dropped'),
              dataIndex: 'dropped',
              render: (dropped: string[]) => (dropped.length > 0 ? dropped.join(', ') : t('logs.retention.none')),
            },
            {
              title: t('logs.retention.outcome'),
              dataIndex: 'failed',
              render: (failed: boolean) => (
                <Tag color={failed ? 'red' : 'green'}>{t(failed ? 'logs.retention.failed' : 'logs.retention.ok')}</Tag>
              ),
            },
          ]}
        />
      </Drawer>
    </>
  );
}
