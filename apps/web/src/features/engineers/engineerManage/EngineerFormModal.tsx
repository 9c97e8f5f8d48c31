import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { REMARKS_MAX, updateEngineer } from '@dcc/contract';
import { AreaPicker } from '../../../components/AreaPicker.tsx';
import { EditModal } from '../../../components/list/index.ts';
import { NewPasswordFields } from '../../../components/NewPasswordFields.tsx';
import { zodRule } from '../../../components/zodRule.ts';
import { useSaveEngineer, type EngineerDraft } from './hooks.ts';

// The server's own field rules, so the console shows the same messages.
const rules = updateEngineer.request.shape;

interface Props {
  draft: EngineerDraft | null;
  onClose(): void;
}

/** Add or edit an after-sales engineer: name, phone (login), password on create, email, service area, notes, enabled. */
export function EngineerFormModal({ draft, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveEngineer();
  const editing = Boolean(draft?.engineerId);
  return (
    <EditModal<EngineerDraft>
      draft={draft}
      title={editing ? t('engineers.edit') : t('engineers.add')}
      onSubmit={(values) => save.mutateAsync({ ...values, engineerId: draft?.engineerId })}
      onClose={onClose}
      testId="engineer-form"
    >
      <Form.Item name="name" label={t('engineers.name')} rules={[zodRule(rules.name)]}>
        <Input maxLength={32} data-testid="engineer-name" />
      </Form.Item>
      <Form.Item name="phone" label={t('engineers.phone')} rules={[zodRule(rules.phone)]}>
        <Input maxLength={11} data-testid="engineer-phone" />
      </Form.Item>
      {editing ? null : <NewPasswordFields />}
      <Form.Item name="email" label={t('engineers.email')} rules={[zodRule(rules.email)]}>
        <Input data-testid="engineer-email" />
      </Form.Item>
      <Form.Item name="areaCodes" label={t('engineers.area')} rules={[zodRule(rules.areaCodes)]}>
        <AreaPicker multiple testId="engineer-areas" />
      </Form.Item>
      <Form.Item name="notes" label={t('engineers.notes')} rules={[zodRule(rules.notes)]}>
        <Input.TextArea rows={3} maxLength={REMARKS_MAX} showCount data-testid="engineer-notes" />
      </Form.Item>
      <Form.Item
        name="enabled"
        label={t('engineers.enabled')}
        valuePropName="checked"
        extra={t('engineers.enabledHelp')}
      >
        <Switch />
      </Form.Item>
    </EditModal>
  );
}
