import { useState } from 'react';
import { Form, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  API_LOG_COLUMNS,
  API_LOG_OUTCOMES,
  listApiLog,
  startApiLogExport,
  type ApiLogColumn,
  type ApiLogEntry,
} from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { formatTime, type ListQuery } from '../../../components/list/index.ts';
import { ZonedRangePicker } from '../../../components/time/ZonedPickers.tsx';
import { isFutureDay } from '../shared/dayRange.ts';
import { RetentionButton } from '../retention/RetentionButton.tsx';
import { LogSearchPage } from '../shared/LogSearchPage.tsx';
import { logTableColumns } from '../shared/logColumns.ts';
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
  const renders: Partial<Record<ApiLogColumn, TableColumnsType<ApiLogEntry>[number]>> = {
    createTime: { render: formatTime },
    interfaceName: { render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
    // The server answers the contract's description in the reader's language (callDescription).
    description: { ellipsis: true },
    params: {
      render: (params: string) => (
        <Typography.Text code ellipsis={{ tooltip: params }} style={{ maxWidth: 260 }}>
          {params}
        </Typography.Text>
      ),
    },
    outcomeCode: {
      render: (code: number) =>
        code === 0 ? (
          <Tag color="green">{t('logs.api.outcomes.success')}</Tag>
        ) : (
          <Tag color="red">{t('logs.api.failedWithCode', { code })}</Tag>
        ),
    },
  };
  const columns = logTableColumns(t, 'api', API_LOG_COLUMNS, renders);
  const outcomes = [
    { value: '', label: t('logs.api.allOutcomes') },
    ...API_LOG_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`logs.api.outcomes.${outcome}`) })),
  ];
  return (
    <LogSearchPage<ApiLogEntry, ApiLogFilters, ApiLogFormValues>
      listName="apiUsedLog"
      initialFilters={initialFilters}
      load={loadApiLog}
      columns={columns}
      rowKey="logId"
      title={t('menu.apiUsedLog')}
      toFilters={toApiLogFilters}
      toFormValues={toApiLogFormValues}
      exportSearch={(filters) => call(startApiLogExport, filters)}
      actions={<RetentionButton />}
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
