import { useEffect } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DealerMemberItem } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { useFormSubmit } from '../../../components/useFormSubmit.ts';
import { useEditMember } from '../hooks.ts';
import { MemberFields, type MemberPermissionValues } from './MemberFields.tsx';

interface Props {
  member: DealerMemberItem | null;
  onClose(): void;
}

/** Edits a member's roles, jurisdiction area, email and avatar. */
export function MemberEditModal({ member, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<MemberPermissionValues>();
  const edit = useEditMember();
  useEffect(() => {
    if (member)
      form.setFieldsValue({
        roleIds: member.roles.map((role) => role.roleId),
        jurisdiction: member.jurisdiction,
        email: member.email,
        img: member.img,
      });
  }, [member, form]);
  const { submit, submitting } = useFormSubmit(form, async (values) => {
    if (!member) return;
    // The version loaded with the member: a stale one is refused with the server's "changed by someone else" message.
    await edit.mutateAsync({
      memberId: member.memberId,
      version: member.version,
      ...values,
      email: values.email ?? '',
      img: values.img ?? '',
      jurisdiction: values.jurisdiction ?? [],
    });
    void message.success(t('members.saved'));
    onClose();
  });
  return (
    <Modal
      open={member !== null}
      title={t('members.editTitle', { name: member?.realName ?? '', phone: member?.phone ?? '' })}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={submitting}
      okButtonProps={{ 'data-testid': 'member-edit-ok' }}
      destroyOnHidden
      forceRender
      width={640}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <MemberFields />
      </Form>
    </Modal>
  );
}
