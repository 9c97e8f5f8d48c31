import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoleName } from '../../../i18n/useRoleName.ts';
import { Link } from 'react-router-dom';
import type { DealerItem, DealerMemberItem } from '@dcc/contract';
import { LevelTag } from '../components/LevelTag.tsx';
import { formatTime } from '../../../components/time/platformTime.ts';
import { DataTable } from '../../../components/list/index.ts';

const PAGE_SIZE = 10;

interface PageProps<Row> {
  page: { list: Row[]; totalSize: number };
  pageIndex: number;
  onPage(pageIndex: number): void;
}

/** The direct sub-dealers of the dealer shown in the detail page. */
export function DetailSubDealers({ page, pageIndex, onPage }: PageProps<DealerItem>) {
  const { t } = useTranslation();
  return (
    <DataTable<DealerItem>
      rowKey="dealersId"
      size="small"
      dataSource={page.list}
      data-testid="detail-sub-dealers"
      pagination={{ current: pageIndex, pageSize: PAGE_SIZE, total: page.totalSize, onChange: onPage }}
      columns={[
        {
          title: t('dealers.name'),
          dataIndex: 'dealersName',
          render: (name: string, row) => <Link to={`../dealersDetail/${row.dealersId}`}>{name}</Link>,
        },
        { title: t('dealers.code'), dataIndex: 'dealersCode' },
        { title: t('dealers.levelTitle'), dataIndex: 'level', render: (level: number) => <LevelTag level={level} /> },
        { title: t('dealers.contactName'), dataIndex: 'contactName' },
        {
          title: t('dealers.state'),
          dataIndex: 'enabled',
          render: (enabled: boolean) => t(enabled ? 'dealers.enabled' : 'dealers.disabled'),
        },
      ]}
    />
  );
}

/** The dealer's own members with their roles. */
export function DetailMembers({ page, pageIndex, onPage }: PageProps<DealerMemberItem>) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  return (
    <DataTable<DealerMemberItem>
      rowKey="memberId"
      size="small"
      dataSource={page.list}
      data-testid="detail-members"
      pagination={{ current: pageIndex, pageSize: PAGE_SIZE, total: page.totalSize, onChange: onPage }}
      columns={[
        { title: t('members.phone'), dataIndex: 'phone' },
        { title: t('members.realName'), dataIndex: 'realName' },
        {
          title: t('members.roles'),
          dataIndex: 'roles',
          render: (roles: DealerMemberItem['roles']) =>
            roles.map((role) => <Tag key={role.roleId}>{roleName(role)}</Tag>),
        },
        { title: t('members.createTime'), dataIndex: 'createTime', render: formatTime },
      ]}
    />
  );
}
