import { Button, Card, Checkbox, Form, Input, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoleName } from '../../../i18n/useRoleName.ts';
import { useNavigate } from 'react-router-dom';
import { FAULT_LEVELS, roleContent, type RoleItem } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { ButtonTree } from '../../../components/ButtonTree.tsx';
import { useFormSubmit } from '../../../components/useFormSubmit.ts';
import { useSeededForm } from '../../../components/useSeededForm.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useRoleButtonTree, useSaveRole } from '../hooks.ts';
import { levelRange } from '../RoleListPage.tsx';

interface RoleValues {
  roleName: string;
  description: string;
  viewLevelMax: number;
  faultLevels: number[];
  buttonIds: string[];
}

const VIEW_LEVELS = [1, 2, 3, 4, 5];
const EMPTY: RoleValues = { roleName: '', description: '', viewLevelMax: 1, faultLevels: [], buttonIds: [] };

/** The role form of roleAdd and roleEdit: name, description, viewing dealer levels, fault levels, permission buttons. */
export function RoleForm({ role, loading = false }: { role?: RoleItem; loading?: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const roleName = useRoleName();
  const [form] = Form.useForm<RoleValues>();
  const tree = useRoleButtonTree();
  const save = useSaveRole();
  // A built-in role's name shows in the language shown (sent back unchanged it stays built-in): a switch fills its form
  // again; a custom role's form is filled once, so a read of it again never overwrites what the user typed.
  const seeded = useSeededForm(
    form,
    role,
    (stored) => `${stored.roleId}|${stored.builtin ? roleName(stored) : ''}`,
    (stored) => ({ ...stored, roleName: roleName(stored) }),
  );

  // Spec section 5: a role has its contents filled in (a name and at least one button); the fields' rules say which is missing.
  const { submit, submitting } = useFormSubmit(form, async (values) => {
    // An edit sends the version it loaded: if someone saved the role since, the server refuses it and the client shows why.
    await save.mutateAsync({
      ...values,
      description: values.description ?? '',
      edited: seeded && { roleId: seeded.roleId, version: seeded.version },
    });
    void message.success(t('roles.saved'));
    navigate(role ? '../..' : '..', { relative: 'path' });
  });

  return (
    <Card title={t(role ? 'roles.edit' : 'roles.add')}>
      <Spin spinning={loading || tree.isLoading}>
        <Form<RoleValues>
          form={form}
          layout="horizontal"
          labelCol={{ span: 4 }}
          wrapperCol={{ span: 14 }}
          initialValues={EMPTY}
          onFinish={submit}
          data-testid="role-form"
        >
          <Form.Item name="roleName" label={t('roles.name')} rules={[zodRule(roleContent.roleName)]}>
            <Input maxLength={30} data-testid="role-name" />
          </Form.Item>
          <Form.Item name="description" label={t('roles.description')}>
            <Input.TextArea maxLength={200} rows={3} data-testid="role-description" />
          </Form.Item>
          <Form.Item name="viewLevelMax" label={t('roles.viewLevels')} extra={t('roles.viewLevelsHint')}>
            <Select
              options={VIEW_LEVELS.map((max) => ({
                value: max,
                label: t('roles.levelRange', { range: levelRange(max) }),
              }))}
              style={{ width: 200 }}
              data-testid="role-view-levels"
            />
          </Form.Item>
          <Form.Item name="faultLevels" label={t('roles.faultLevels')}>
            <Checkbox.Group
              options={FAULT_LEVELS.map((level) => ({ value: level, label: t('roles.faultLevel', { level }) }))}
              data-testid="role-fault-levels"
            />
          </Form.Item>
          <Form.Item
            name="buttonIds"
            label={t('roles.buttons')}
            rules={[zodRule(roleContent.buttonIds)]}
            extra={t('roles.buttonsHint')}
          >
            <ButtonTree nodes={tree.data ?? []} onlyGrantable testId="role-button-tree" />
          </Form.Item>
          <Form.Item wrapperCol={{ offset: 4 }}>
            <Space>
              <Button type="primary" htmlType="submit" loading={submitting} data-testid="role-form-submit">
                {t('roles.save')}
              </Button>
              <Button onClick={() => navigate(role ? '../..' : '..', { relative: 'path' })}>{t('roles.back')}</Button>
            </Space>
          </Form.Item>
        </Form>
      </Spin>
    </Card>
  );
}
