import { useState } from 'react';
import { Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_ACTIONS,
  ACCOUNT_LOG_COLUMNS,
  listAccountLog,
  startAccountLogExport,
  type AccountLogColumn,
  type AccountLogEntry,
} from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { formatTime, type ListQuery } from '../../../components/list/index.ts';
import { ZonedRangePicker } from '../../../components/time/ZonedPickers.tsx';
import { LogSearchPage } from '../../logs/shared/LogSearchPage.tsx';
import { logTableColumns } from '../../logs/shared/logColumns.ts';
import {
  defaultAccountLogFilters,
  isFutureDay,
  toAccountLogFilters,
  toAccountLogFormValues,
  type AccountLogFilters,
  type AccountLogFormValues,
} from './filters.ts';

const WARNING_ACTIONS = new Set<string>(['signInFailed', 'lock', 'memberRemoved']);

function loadAccountLog({ pageIndex, pageSize, account, action, startDate, endDate }: ListQuery<AccountLogFilters>) {
  return call(listAccountLog, { pageIndex, pageSize, account, action, startDate, endDate });
}

/** Log management > Account log (B267): sign-ins, sign-outs, locks, password and membership changes, newest first. */
export default function AccountLogPage() {
  const { t } = useTranslation();
  const [initialFilters] = useState(() => defaultAccountLogFilters());
  const renders: Partial<Record<AccountLogColumn, TableColumnsType<AccountLogEntry>[number]>> = {
    createTime: { render: formatTime },
    action: {
      render: (action: string) => (
        <Tag color={WARNING_ACTIONS.has(action) ? 'red' : 'blue'}>{t(`people.action.${action}`)}</Tag>
      ),
    },
    detail: { ellipsis: true },
  };
  const columns = logTableColumns(t, 'account', ACCOUNT_LOG_COLUMNS, renders);
  const actionOptions = [
    { value: '', label: t('accountLog.allActions') },
    ...ACCOUNT_ACTIONS.map((action) => ({ value: action, label: t(`people.action.${action}`) })),
  ];
  return (
    <LogSearchPage<AccountLogEntry, AccountLogFilters, AccountLogFormValues>
      listName="accountLog"
      initialFilters={initialFilters}
      load={loadAccountLog}
      columns={columns}
      rowKey="logId"
      title={t('menu.accountLog')}
      toFilters={toAccountLogFilters}
      toFormValues={toAccountLogFormValues}
      exportSearch={({ account, action, startDate, endDate }) =>
        call(startAccountLogExport, { account, action, startDate, endDate })
      }
      searchFields={
        <>
          <Form.Item name="account" label={t('accountLog.account')}>
            <Input
              allowClear
              maxLength={50}
              placeholder={t('accountLog.accountPlaceholder')}
              data-testid="account-log-search-account"
            />
          </Form.Item>
          <Form.Item name="action" label={t('accountLog.action')}>
            <Select options={actionOptions} style={{ minWidth: 160 }} data-testid="account-log-search-action" />
          </Form.Item>
          <Form.Item name="range" label={t('accountLog.dateRange')}>
            <ZonedRangePicker disabledDate={isFutureDay} data-testid="account-log-search-range" />
          </Form.Item>
        </>
      }
      testId="account-log-table"
    />
  );
}
