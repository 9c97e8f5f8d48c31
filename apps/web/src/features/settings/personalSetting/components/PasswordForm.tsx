import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../../components/NewPasswordFields.tsx';
import { useUpdatePassword, type PasswordChange } from '../hooks.ts';
import { useFeedback } from '../../../../app/feedback.tsx';

/** Old password, new password and confirmation; `onChanged` runs after the server accepted it. */
export function PasswordForm({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<PasswordChange>();
  const update = useUpdatePassword();
  const submit = (values: PasswordChange) =>
    update.mutate(values, {
      onSuccess: () => {
        void message.success(t('password.changed'));
        form.resetFields();
        onChanged?.();
      },
    });
  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }} data-testid="password-form">
      <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('validation.password.required') }]}>
        <Input.Password autoComplete="current-password" data-testid="old-password" />
      </Form.Item>
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="password-submit">
        {t('password.submit')}
      </Button>
    </Form>
  );
}
