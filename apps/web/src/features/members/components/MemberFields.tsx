import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { addMember } from '@dcc/contract';
import { AreaPicker } from '../../../components/AreaPicker.tsx';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { zodRule } from '../../../components/zodRule.ts';
import { useAssignableRoles } from '../hooks.ts';

/** The permission fields of a member form. */
export interface MemberPermissionValues {
  roleIds: string[];
  jurisdiction: string[];
  email: string;
  img: string;
}

const field = addMember.request.shape;

/** Roles (at least one), jurisdiction area, email (optional) and avatar of a member. */
export function MemberFields() {
  const { t } = useTranslation();
  const roles = useAssignableRoles();
  return (
    <>
      <Form.Item name="roleIds" label={t('members.roles')} rules={[zodRule(field.roleIds)]}>
        <Select
          mode="multiple"
          loading={roles.isLoading}
          options={(roles.data?.list ?? []).map((role) => ({ value: role.roleId, label: role.roleName }))}
          optionFilterProp="label"
          placeholder={t('members.rolesPlaceholder')}
          data-testid="member-roles"
        />
      </Form.Item>
      <Form.Item name="jurisdiction" label={t('members.jurisdiction')}>
        <AreaPicker multiple testId="member-jurisdiction" />
      </Form.Item>
      <Form.Item name="email" label={t('members.email')} rules={[zodRule(field.email)]}>
        <Input maxLength={64} data-testid="member-email" />
      </Form.Item>
      <Form.Item name="img" label={t('members.avatar')}>
        <ImageUpload label={t('members.uploadAvatar')} testId="member-avatar" />
      </Form.Item>
    </>
  );
}
