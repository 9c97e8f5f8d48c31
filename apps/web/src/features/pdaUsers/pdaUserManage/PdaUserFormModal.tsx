import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { updatePdaUser } from '@dcc/contract';
import { EditModal } from '../../../components/list/index.ts';
import { NewPasswordFields } from '../../../components/NewPasswordFields.tsx';
import { zodRule } from '../../../components/zodRule.ts';
import { DepartmentSelect } from './DepartmentSelect.tsx';
import { useSavePdaUser, type PdaUserDraft } from './hooks.ts';

interface Props {
  draft: PdaUserDraft | null;
  onClose(): void;
}

// The server's own field rules, so the console shows the same messages.
const rules = updatePdaUser.request.shape;

/** Add or edit a PDA user: login name, real name, password on create, optional email, department. */
export function PdaUserFormModal({ draft, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSavePdaUser();
  const editing = Boolean(draft?.pdaUserId);
  return (
    <EditModal<PdaUserDraft>
      draft={draft}
      title={editing ? t('pdaUsers.edit') : t('pdaUsers.add')}
      onSubmit={(values) => save.mutateAsync({ ...values, pdaUserId: draft?.pdaUserId })}
      onClose={onClose}
      testId="pda-user-form"
    >
      <Form.Item name="userName" label={t('pdaUsers.userName')} rules={[zodRule(rules.userName)]}>
        <Input maxLength={20} data-testid="pda-user-userName" />
      </Form.Item>
      <Form.Item name="realName" label={t('pdaUsers.realName')} rules={[zodRule(rules.realName)]}>
        <Input maxLength={32} data-testid="pda-user-realName" />
      </Form.Item>
      {editing ? null : <NewPasswordFields />}
      <Form.Item name="email" label={t('pdaUsers.email')} rules={[zodRule(rules.email)]}>
        <Input data-testid="pda-user-email" />
      </Form.Item>
      <Form.Item name="departmentId" label={t('pdaUsers.department')} rules={[zodRule(rules.departmentId)]}>
        <DepartmentSelect testId="pda-user-department" />
      </Form.Item>
    </EditModal>
  );
}
