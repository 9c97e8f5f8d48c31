import { useState } from 'react';
import { Button, Form, Input, Space, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { Department } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { ConfirmAction, formatTime, PagedTable } from '../../../components/list/index.ts';
import { DepartmentFormModal } from './DepartmentFormModal.tsx';
import { DEPARTMENT_LIST, loadDepartments, useDeleteDepartment, type DepartmentDraft, type DepartmentFilters } from './hooks.ts';

const EMPTY_FILTERS: DepartmentFilters = { departmentCode: '', departmentName: '', productionBase: '' };

/** Dealer management > Departments (B268): the production departments PDA users belong to. */
export default function DepartmentManagePage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [draft, setDraft] = useState<DepartmentDraft | null>(null);
  const remove = useDeleteDepartment();
  const columns: TableColumnsType<Department> = [
    { title: t('departments.code'), dataIndex: 'departmentCode', key: 'departmentCode', sorter: true },
    { title: t('departments.name'), dataIndex: 'departmentName', key: 'departmentName', sorter: true },
    { title: t('departments.productionBase'), dataIndex: 'productionBase' },
    { title: t('departments.pdaUserCount'), dataIndex: 'pdaUserCount' },
    { title: t('departments.creator'), dataIndex: 'creator' },
    { title: t('list.createTime'), dataIndex: 'createTime', key: 'createTime', sorter: true, render: formatTime },
    { title: t('list.updateTime'), dataIndex: 'updateTime', key: 'updateTime', sorter: true, render: formatTime },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDraft({ departmentId: row.departmentId, departmentCode: row.departmentCode, departmentName: row.departmentName, productionBase: row.productionBase })} data-testid="row-edit">
            {t('list.edit')}
          </Button>
          <ConfirmAction
            title={t('list.deleteConfirm', { name: row.departmentName })}
            onConfirm={() => remove.mutateAsync(row.departmentId).then(() => void message.success(t('list.deleted')))}
            testId="row-delete"
          >
            {t('list.delete')}
          </ConfirmAction>
        </Space>
      ),
    },
  ];
  return (
    <>
      <PagedTable<Department, DepartmentFilters>
        listName={DEPARTMENT_LIST}
        initialFilters={EMPTY_FILTERS}
        load={loadDepartments}
        columns={columns}
        rowKey="departmentId"
        title={t('menu.departmentManage')}
        toolbar={<Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft(EMPTY_FILTERS)} data-testid="department-add">{t('departments.add')}</Button>}
        searchFields={
          <>
            <Form.Item name="departmentCode" label={t('departments.code')}>
              <Input allowClear maxLength={50} />
            </Form.Item>
            <Form.Item name="departmentName" label={t('departments.name')}>
              <Input allowClear maxLength={50} data-testid="department-search-name" />
            </Form.Item>
            <Form.Item name="productionBase" label={t('departments.productionBase')}>
              <Input allowClear maxLength={50} />
            </Form.Item>
          </>
        }
        testId="department-table"
      />
      <DepartmentFormModal draft={draft} onClose={() => setDraft(null)} />
    </>
  );
}
