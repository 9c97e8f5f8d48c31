import { Button, Form, Input, Space, Tag, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { useRoleName } from '../../i18n/useRoleName.ts';
import { useNavigate } from 'react-router-dom';
import { listRoles, type RoleItem } from '@dcc/contract';
import { call } from '../../api/client.ts';
import { useFeedback } from '../../app/feedback.tsx';
import { actionsColumn, ConfirmAction, formatTime, PagedTable } from '../../components/list/index.ts';
import { ROLE_LIST, useDeleteRole } from './hooks.ts';

/** The dealer levels a role may be used by, as the spec writes them: 1, 1-2 ... 1-5. */
export const levelRange = (max: number) => (max === 1 ? '1' : `1-${max}`);

/** roleManage (B170): the current company's roles; add, edit, delete. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const remove = useDeleteRole();

  const columns: TableColumnsType<RoleItem> = [
    { title: t('roles.name'), dataIndex: 'roleName', render: (_name: string, row) => roleName(row) },
    { title: t('roles.description'), dataIndex: 'description' },
    {
      title: t('roles.viewLevels'),
      dataIndex: 'viewLevelMax',
      render: (max: number) => t('roles.levelRange', { range: levelRange(max) }),
    },
    {
      title: t('roles.faultLevels'),
      dataIndex: 'faultLevels',
      render: (levels: number[]) => levels.map((level) => <Tag key={level}>{t('roles.faultLevel', { level })}</Tag>),
    },
    { title: t('roles.buttonCount'), dataIndex: 'buttonIds', render: (ids: string[]) => ids.length },
    { title: t('roles.memberCount'), dataIndex: 'memberCount' },
    { title: t('roles.createTime'), dataIndex: 'createTime', render: formatTime },
    actionsColumn<RoleItem>(t, (row) => (
      <Space size={0} data-testid={`role-actions-${roleName(row)}`}>
        <Button type="link" size="small" onClick={() => navigate(`roleEdit/${row.roleId}`)} data-testid="role-edit">
          {t('roles.edit')}
        </Button>
        <ConfirmAction
          title={t('roles.deleteConfirm', { name: roleName(row) })}
          onConfirm={() => remove.mutateAsync(row.roleId).then(() => void message.success(t('roles.deleted')))}
          testId="role-delete"
        >
          {t('roles.delete')}
        </ConfirmAction>
      </Space>
    )),
  ];

  return (
    <PagedTable<RoleItem, { roleName: string }>
      listName={ROLE_LIST}
      initialFilters={{ roleName: '' }}
      load={({ pageIndex, pageSize, roleName }) => call(listRoles, { pageIndex, pageSize, roleName })}
      columns={columns}
      rowKey="roleId"
      title={t('menu.roleManage')}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('roleAdd')} data-testid="role-add">
          {t('roles.add')}
        </Button>
      }
      searchFields={
        <Form.Item name="roleName" label={t('roles.name')}>
          <Input allowClear maxLength={50} data-testid="role-search" />
        </Form.Item>
      }
      testId="role-table"
    />
  );
}
