import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateCustomer } from '@dcc/contract';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { EditModal } from '../../../components/list/index.ts';
import { NewPasswordFields } from '../../../components/NewPasswordFields.tsx';
import { zodRule } from '../../../components/zodRule.ts';
import { useSaveCustomer, type CustomerDraft } from './hooks.ts';

interface Props {
  draft: CustomerDraft | null;
  onClose(): void;
}

// The server's own field rules, so the console shows the same messages.
const rules = updateCustomer.request.shape;

/** Add or edit an end customer: name, phone (the login account), password on create, optional email, avatar. */
export function CustomerFormModal({ draft, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveCustomer();
  const editing = Boolean(draft?.customerId);
  return (
    <EditModal<CustomerDraft>
      draft={draft}
      title={editing ? t('customers.edit') : t('customers.add')}
      onSubmit={(values) => save.mutateAsync({ ...values, customerId: draft?.customerId })}
      onClose={onClose}
      testId="customer-form"
    >
      <Form.Item name="userName" label={t('customers.userName')} rules={[zodRule(rules.userName)]}>
        <Input maxLength={32} data-testid="customer-userName" />
      </Form.Item>
      <Form.Item name="phone" label={t('customers.phone')} rules={[zodRule(rules.phone)]}>
        <Input maxLength={11} data-testid="customer-phone" />
      </Form.Item>
      {editing ? null : <NewPasswordFields />}
      <Form.Item name="email" label={t('customers.email')} rules={[zodRule(rules.email)]}>
        <Input data-testid="customer-email" />
      </Form.Item>
      <Form.Item name="img" label={t('customers.avatar')}>
        <ImageUpload label={t('customers.uploadAvatar')} testId="customer-avatar" />
      </Form.Item>
    </EditModal>
  );
}
