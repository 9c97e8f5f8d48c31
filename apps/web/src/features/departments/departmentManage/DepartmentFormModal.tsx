import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateDepartment } from '@dcc/contract';
import { EditModal } from '../../../components/list/index.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useSaveDepartment, type DepartmentDraft } from './hooks.ts';

// The server's own field rules, so the console shows the same messages.
const rules = updateDepartment.request.shape;

interface Props {
  draft: DepartmentDraft | null;
  onClose(): void;
}

/** Add or edit a department: code, name and production base. */
export function DepartmentFormModal({ draft, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveDepartment();
  return (
    <EditModal<DepartmentDraft>
      draft={draft}
      title={draft?.departmentId ? t('departments.edit') : t('departments.add')}
      onSubmit={(values) => save.mutateAsync({ ...values, departmentId: draft?.departmentId })}
      onClose={onClose}
      testId="department-form"
    >
      <Form.Item name="departmentCode" label={t('departments.code')} rules={[zodRule(rules.departmentCode)]}>
        <Input maxLength={32} data-testid="department-code" />
      </Form.Item>
      <Form.Item name="departmentName" label={t('departments.name')} rules={[zodRule(rules.departmentName)]}>
        <Input maxLength={50} data-testid="department-name" />
      </Form.Item>
      <Form.Item name="productionBase" label={t('departments.productionBase')} rules={[zodRule(rules.productionBase)]}>
        <Input maxLength={50} data-testid="department-productionBase" />
      </Form.Item>
    </EditModal>
  );
}
