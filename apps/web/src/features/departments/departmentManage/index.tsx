import { useState } from 'react';
import { Button, Form, Input, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { Department } from '@dcc/contract';
import { actionsColumn, formatTime, PagedTable, RowActions } from '../../../components/list/index.ts';
import { DepartmentFormModal } from './DepartmentFormModal.tsx';
import {
  DEPARTMENT_LIST,
  loadDepartments,
  useDeleteDepartment,
  type DepartmentDraft,
  type DepartmentFilters,
} from './hooks.ts';

const EMPTY_FILTERS: DepartmentFilters = { departmentCode: '', departmentName: '', productionBase: '' };

/** Dealer management > Departments (B268): the production departments PDA users belong to. */
export default function DepartmentManagePage() {
  const { t } = useTranslation();
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
    actionsColumn<Department>(t, (row) => (
      <RowActions
        onEdit={() =>
          setDraft({
            departmentId: row.departmentId,
            departmentCode: row.departmentCode,
            departmentName: row.departmentName,
            productionBase: row.productionBase,
          })
        }
        deleteName={row.departmentName}
        onDelete={() => remove.mutateAsync(row.departmentId)}
      />
    )),
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
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDraft(EMPTY_FILTERS)}
            data-testid="department-add"
          >
            {t('departments.add')}
          </Button>
        }
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
