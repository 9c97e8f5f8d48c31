import { useState } from 'react';
import { Button, Form, Input, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@dcc/contract';
import { formatTime, LockedFilterSelect, PagedTable, useAccountActions } from '../../../components/list/index.ts';
import { CustomerFormModal } from './CustomerFormModal.tsx';
import { CUSTOMER_LIST, customerCalls, loadCustomers, type CustomerDraft, type CustomerFilters } from './hooks.ts';
import { UploadedAvatar } from '../../../components/UploadedImage.tsx';

const EMPTY: CustomerDraft = { userName: '', phone: '', email: '', img: '', password: '', confirmPassword: '' };

/** Dealer management > End customers (B138): search, add, edit, reset password, lock/unlock and delete customer accounts. */
export default function CustomerManagePage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CustomerDraft | null>(null);
  const actions = useAccountActions<Customer>({
    listName: CUSTOMER_LIST,
    idOf: (row) => row.customerId,
    nameOf: (row) => `${row.userName} (${row.phone})`,
    lockedOf: (row) => row.locked,
    calls: customerCalls,
    onEdit: ({ customerId, userName, phone, email, img }) => setDraft({ customerId, userName, phone, email, img }),
  });
  const columns: TableColumnsType<Customer> = [
    {
      title: t('customers.avatar'),
      dataIndex: 'img',
      width: 72,
      render: (img: string, row) => <UploadedAvatar url={img}>{row.userName.slice(0, 1)}</UploadedAvatar>,
    },
    { title: t('customers.userName'), dataIndex: 'userName', key: 'userName', sorter: true },
    { title: t('customers.phone'), dataIndex: 'phone', key: 'phone', sorter: true },
    { title: t('customers.email'), dataIndex: 'email' },
    { title: t('customers.owner'), dataIndex: 'ownerDealerName' },
    actions.statusColumn,
    { title: t('list.createTime'), dataIndex: 'createTime', key: 'createTime', sorter: true, render: formatTime },
    actions.column,
  ];
  return (
    <>
      <PagedTable<Customer, CustomerFilters>
        listName={CUSTOMER_LIST}
        initialFilters={{ userName: '', phone: '', locked: '' }}
        load={loadCustomers}
        columns={columns}
        rowKey="customerId"
        title={t('menu.customerManage')}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft(EMPTY)} data-testid="customer-add">
            {t('customers.add')}
          </Button>
        }
        searchFields={
          <>
            <Form.Item name="userName" label={t('customers.userName')}>
              <Input allowClear maxLength={50} data-testid="customer-search-userName" />
            </Form.Item>
            <Form.Item name="phone" label={t('customers.phone')}>
              <Input allowClear maxLength={50} data-testid="customer-search-phone" />
            </Form.Item>
            <Form.Item name="locked" label={t('list.status')}>
              <LockedFilterSelect />
            </Form.Item>
          </>
        }
        testId="customer-table"
      />
      <CustomerFormModal draft={draft} onClose={() => setDraft(null)} />
      {actions.dialogs}
    </>
  );
}
