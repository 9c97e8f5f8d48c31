import { useState } from 'react';
import { Form, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_LOG_OUTCOMES, listApiLog, type ApiLogEntry } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { formatTime, PagedTable, type ListQuery } from '../../../components/list/index.ts';
import { ZonedRangePicker } from '../../../components/time/ZonedPickers.tsx';
import { isFutureDay } from '../../accountLog/accountLog/filters.ts';
import {
  defaultApiLogFilters,
  toApiLogFilters,
  toApiLogFormValues,
  type ApiLogFilters,
  type ApiLogFormValues,
} from './filters.ts';

const loadApiLog = ({ pageIndex, pageSize, ...search }: ListQuery<ApiLogFilters>) =>
  call(listApiLog, {
    pageIndex,
    pageSize,
    startDate: search.startDate,
    endDate: search.endDate,
    operator: search.operator,
    interfaceName: search.interfaceName,
    outcome: search.outcome,
  });

/** Log management > API call log (B175): every call with its operator, address, parameters (secrets hidden), outcome and duration. */
export default function ApiUsedLogPage() {
  const { t } = useTranslation();
  const [initialFilters] = useState(() => defaultApiLogFilters());
  const columns: TableColumnsType<ApiLogEntry> = [
    { title: t('logs.api.time'), dataIndex: 'createTime', render: formatTime },
    { title: t('logs.api.operatorPhone'), dataIndex: 'operatorPhone' },
    { title: t('logs.api.operatorEmail'), dataIndex: 'operatorEmail' },
    { title: t('logs.api.ip'), dataIndex: 'operatorIp' },
    { title: t('logs.api.interfaceName'), dataIndex: 'interfaceName' },
    { title: t('logs.api.description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('logs.api.params'),
      dataIndex: 'params',
      render: (params: string) => (
        <Typography.Text code ellipsis={{ tooltip: params }} style={{ maxWidth: 260 }}>
          {params}
        </Typography.Text>
      ),
    },
    {
      title: t('logs.api.outcome'),
      dataIndex: 'outcomeCode',
      render: (code: number) => <Tag color={code === 0 ? 'green' : 'red'}>{code}</Tag>,
    },
    { title: t('logs.api.duration'), dataIndex: 'durationMs' },
  ];
  const outcomes = [
    { value: '', label: t('logs.api.allOutcomes') },
    ...API_LOG_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`logs.api.outcomes.${outcome}`) })),
  ];
  return (
    <PagedTable<ApiLogEntry, ApiLogFilters, ApiLogFormValues>
      listName="apiUsedLog"
      initialFilters={initialFilters}
      load={loadApiLog}
      columns={columns}
      rowKey="logId"
      title={t('menu.apiUsedLog')}
      toFilters={toApiLogFilters}
      toFormValues={toApiLogFormValues}
      size="middle"
      searchFields={
        <>
          <Form.Item name="operator" label={t('logs.api.operator')}>
            <Input allowClear maxLength={50} data-testid="api-log-operator" />
          </Form.Item>
          <Form.Item name="interfaceName" label={t('logs.api.interfaceName')}>
            <Input allowClear maxLength={50} data-testid="api-log-interface" />
          </Form.Item>
          <Form.Item name="outcome" label={t('logs.api.outcome')}>
            <Select options={outcomes} style={{ minWidth: 120 }} data-testid="api-log-outcome" />
          </Form.Item>
          <Form.Item name="range" label={t('logs.api.dateRange')}>
            <ZonedRangePicker disabledDate={isFutureDay} data-testid="api-log-range" />
          </Form.Item>
        </>
      }
      testId="api-log-table"
    />
  );
}
