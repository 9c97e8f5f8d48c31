import { useState } from 'react';
import { Button, Form, Input, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { PdaUser } from '@dcc/contract';
import { formatTime, LockedFilterSelect, PagedTable, useAccountActions } from '../../../components/list/index.ts';
import { DepartmentSelect } from './DepartmentSelect.tsx';
import { PdaUserFormModal } from './PdaUserFormModal.tsx';
import { loadPdaUsers, PDA_USER_LIST, pdaUserCalls, type PdaUserDraft, type PdaUserFilters } from './hooks.ts';

const EMPTY: PdaUserDraft = {
  userName: '',
  realName: '',
  email: '',
  departmentId: '',
  password: '',
  confirmPassword: '',
};

/** Dealer management > PDA users (B257): the factory handheld accounts, each in a department. */
export default function PdaUserManagePage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PdaUserDraft | null>(null);
  const actions = useAccountActions<PdaUser>({
    listName: PDA_USER_LIST,
    idOf: (row) => row.pdaUserId,
    nameOf: (row) => `${row.realName} (${row.userName})`,
    lockedOf: (row) => row.locked,
    calls: pdaUserCalls,
    onEdit: ({ pdaUserId, userName, realName, email, departmentId }) =>
      setDraft({ pdaUserId, userName, realName, email, departmentId }),
  });
  const columns: TableColumnsType<PdaUser> = [
    { title: t('pdaUsers.userName'), dataIndex: 'userName', key: 'userName', sorter: true },
    { title: t('pdaUsers.realName'), dataIndex: 'realName', key: 'realName', sorter: true },
    { title: t('pdaUsers.email'), dataIndex: 'email' },
    { title: t('pdaUsers.department'), dataIndex: 'departmentName', key: 'departmentName', sorter: true },
    actions.statusColumn,
    { title: t('list.createTime'), dataIndex: 'createTime', key: 'createTime', sorter: true, render: formatTime },
    actions.column,
  ];
  return (
    <>
      <PagedTable<PdaUser, PdaUserFilters>
        listName={PDA_USER_LIST}
        initialFilters={{ userName: '', realName: '', departmentId: '', locked: '' }}
        load={loadPdaUsers}
        columns={columns}
        rowKey="pdaUserId"
        title={t('menu.pdaUserManage')}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft(EMPTY)} data-testid="pda-user-add">
            {t('pdaUsers.add')}
          </Button>
        }
        searchFields={
          <>
            <Form.Item name="userName" label={t('pdaUsers.userName')}>
              <Input allowClear maxLength={50} data-testid="pda-user-search-userName" />
            </Form.Item>
            <Form.Item name="realName" label={t('pdaUsers.realName')}>
              <Input allowClear maxLength={50} />
            </Form.Item>
            <Form.Item name="departmentId" label={t('pdaUsers.department')}>
              <DepartmentSelect withAll />
            </Form.Item>
            <Form.Item name="locked" label={t('list.status')}>
              <LockedFilterSelect />
            </Form.Item>
          </>
        }
        testId="pda-user-table"
      />
      <PdaUserFormModal draft={draft} onClose={() => setDraft(null)} />
      {actions.dialogs}
    </>
  );
}
