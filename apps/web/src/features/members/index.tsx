import { useState } from 'react';
import { Button, Form, Input, Space, Tag, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { useRoleName } from '../../i18n/useRoleName.ts';
import { listMembers, type DealerMemberItem } from '@dcc/contract';
import { call } from '../../api/client.ts';
import { useFeedback } from '../../app/feedback.tsx';
import { ACTIONS_COLUMN_KEY, ConfirmAction, formatTime, PagedTable } from '../../components/list/index.ts';
import { MemberAddModal } from './components/MemberAddModal.tsx';
import { MemberEditModal } from './components/MemberEditModal.tsx';
import { MEMBER_LIST, useRemoveMember, type MemberFilters } from './hooks.ts';
import { UploadedAvatar } from '../../components/UploadedImage.tsx';

/** Dealer management > Members (B89): the members of the company's subtree; add by phone, edit permissions, remove. */
export default function MemberManagePage() {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const { message } = useFeedback();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<DealerMemberItem | null>(null);
  const remove = useRemoveMember();

  const columns: TableColumnsType<DealerMemberItem> = [
    {
      title: t('members.avatar'),
      dataIndex: 'img',
      width: 72,
      render: (img: string) => <UploadedAvatar url={img} icon={<UserOutlined />} />,
    },
    { title: t('members.phone'), dataIndex: 'phone' },
    { title: t('members.realName'), dataIndex: 'realName' },
    { title: t('members.company'), dataIndex: 'dealersName' },
    {
      title: t('members.roles'),
      dataIndex: 'roles',
      render: (roles: DealerMemberItem['roles']) => roles.map((role) => <Tag key={role.roleId}>{roleName(role)}</Tag>),
    },
    { title: t('members.email'), dataIndex: 'email' },
    { title: t('members.createTime'), dataIndex: 'createTime', render: formatTime },
    {
      title: t('members.actions'),
      key: ACTIONS_COLUMN_KEY,
      render: (_value, row) => (
        <Space size={0} data-testid={`member-actions-${row.phone}`}>
          <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="member-edit">
            {t('members.edit')}
          </Button>
          <ConfirmAction
            title={t('members.removeConfirm', { name: row.realName, phone: row.phone, company: row.dealersName })}
            onConfirm={() => remove.mutateAsync(row.memberId).then(() => void message.success(t('members.removed')))}
            testId="member-remove"
          >
            {t('members.remove')}
          </ConfirmAction>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<DealerMemberItem, MemberFilters>
        listName={MEMBER_LIST}
        initialFilters={{ keyword: '', ownerId: '' }}
        load={({ pageIndex, pageSize, keyword, ownerId }) =>
          call(listMembers, { pageIndex, pageSize, keyword, ownerId })
        }
        columns={columns}
        rowKey="memberId"
        title={t('menu.memberManage')}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="member-add">
            {t('members.add')}
          </Button>
        }
        searchFields={
          <Form.Item name="keyword" label={t('members.keyword')}>
            <Input
              allowClear
              maxLength={50}
              placeholder={t('members.keywordPlaceholder')}
              data-testid="member-search"
            />
          </Form.Item>
        }
        testId="member-table"
      />
      <MemberAddModal open={adding} onClose={() => setAdding(false)} onEditExisting={setEditing} />
      <MemberEditModal member={editing} onClose={() => setEditing(null)} />
    </>
  );
}
