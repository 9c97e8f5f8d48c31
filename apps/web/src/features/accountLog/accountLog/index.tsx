import { useState } from 'react';
import { Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_ACTIONS, listAccountLog, type AccountLogEntry } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { formatTime, PagedTable, type ListQuery } from '../../../components/list/index.ts';
import { ZonedRangePicker } from '../../../components/time/ZonedPickers.tsx';
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
  const columns: TableColumnsType<AccountLogEntry> = [
    { title: t('accountLog.time'), dataIndex: 'createTime', render: formatTime },
    { title: t('accountLog.account'), dataIndex: 'userName' },
    { title: t('accountLog.realName'), dataIndex: 'realName' },
    {
      title: t('accountLog.action'),
      dataIndex: 'action',
      render: (action: string) => (
        <Tag color={WARNING_ACTIONS.has(action) ? 'red' : 'blue'}>{t(`people.action.${action}`)}</Tag>
      ),
    },
    { title: t('accountLog.ip'), dataIndex: 'ip' },
    { title: t('accountLog.operator'), dataIndex: 'operatorName' },
    { title: t('accountLog.detail'), dataIndex: 'detail', ellipsis: true },
  ];
  const actionOptions = [
    { value: '', label: t('accountLog.allActions') },
    ...ACCOUNT_ACTIONS.map((action) => ({ value: action, label: t(`people.action.${action}`) })),
  ];
  return (
    <PagedTable<AccountLogEntry, AccountLogFilters, AccountLogFormValues>
      listName="accountLog"
      initialFilters={initialFilters}
      load={loadAccountLog}
      columns={columns}
      rowKey="logId"
      title={t('menu.accountLog')}
      toFilters={toAccountLogFilters}
      toFormValues={toAccountLogFormValues}
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
