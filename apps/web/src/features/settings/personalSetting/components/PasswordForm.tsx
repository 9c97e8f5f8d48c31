import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../../components/NewPasswordFields.tsx';
import { useFormSubmit } from '../../../../components/useFormSubmit.ts';
import { useUpdatePassword, type PasswordChange } from '../hooks.ts';
import { useFeedback } from '../../../../app/feedback.tsx';

/** Current password, new password (not the current one) and confirmation; `onChanged` runs after the server accepted it. */
export function PasswordForm({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<PasswordChange>();
  const update = useUpdatePassword();
  // A refusal about a field (wrong current password, new one equal to it) shows on that field.
  const { submit, submitting } = useFormSubmit(form, async (values) => {
    await update.mutateAsync(values);
    void message.success(t('password.changed'));
    form.resetFields();
    onChanged?.();
  });
  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }} data-testid="password-form">
      <Form.Item
        name="oldPassword"
        label={t('password.old')}
        rules={[{ required: true, message: t('form.fieldRequired') }]}
      >
        <Input.Password autoComplete="current-password" data-testid="old-password" />
      </Form.Item>
      <NewPasswordFields currentField="oldPassword" />
      <Button type="primary" htmlType="submit" loading={submitting} data-testid="password-submit">
        {t('password.submit')}
      </Button>
    </Form>
  );
}
