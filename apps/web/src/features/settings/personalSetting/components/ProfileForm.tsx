import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionalEmailField, realNameField, type CallRequest, type updatePersonalInfo } from '@dcc/contract';
import { useFormSubmit } from '../../../../components/useFormSubmit.ts';
import { useSeededForm } from '../../../../components/useSeededForm.ts';
import { zodRule } from '../../../../components/zodRule.ts';
import { useProfile, useUpdateProfile } from '../hooks.ts';
import { AvatarUpload } from './AvatarUpload.tsx';
import { useFeedback } from '../../../../app/feedback.tsx';

type Values = CallRequest<typeof updatePersonalInfo>;

/** Name, avatar and optional email of the signed-in account. */
export function ProfileForm() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const profile = useProfile();
  const update = useUpdateProfile();
  useSeededForm(
    form,
    profile.data,
    () => 'me',
    ({ realName, email, img }) => ({ realName, email, img }),
  );
  const { submit, submitting } = useFormSubmit(form, async (values) => {
    await update.mutateAsync({ realName: values.realName, email: values.email ?? '', img: values.img ?? '' });
    void message.success(t('settings.saved'));
  });
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      style={{ maxWidth: 420 }}
      disabled={profile.isLoading}
      data-testid="profile-form"
    >
      <Form.Item label={t('settings.account')}>
        <Input value={profile.data?.userName ?? ''} disabled />
      </Form.Item>
      <Form.Item name="img" label={t('settings.avatar')}>
        <AvatarUpload />
      </Form.Item>
      <Form.Item name="realName" label={t('settings.realName')} rules={[zodRule(realNameField)]}>
        <Input data-testid="real-name" />
      </Form.Item>
      <Form.Item name="email" label={t('settings.email')} rules={[zodRule(optionalEmailField)]}>
        <Input data-testid="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting} data-testid="profile-submit">
        {t('settings.save')}
      </Button>
    </Form>
  );
}
