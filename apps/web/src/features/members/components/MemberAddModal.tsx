import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { addMember, listMembers, type DealerMemberItem } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { useFormSubmit } from '../../../components/useFormSubmit.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useSession } from '../../../session/session.ts';
import { OneTimePassword, type OneTimeAccount } from '../../dealers/components/OneTimePassword.tsx';
import { useAddMember, useCheckPhone } from '../hooks.ts';
import { MemberFields, type MemberPermissionValues } from './MemberFields.tsx';

type AddValues = MemberPermissionValues & { realName: string };
/** The phone checked, and whether its account is made with the member. */
interface Checked {
  phone: string;
  createAccount: boolean;
  /** The existing account's name, '' when it is created. */
  realName: string;
}

interface Props {
  open: boolean;
  onClose(): void;
  /** The phone is a member already: edit its permissions instead. */
  onEditExisting(member: DealerMemberItem): void;
}

const field = addMember.request.shape;

/** Adds a member by phone: asks to create the account when there is none, offers editing when it is a member already. */
export function MemberAddModal({ open, onClose, onEditExisting }: Props) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const { dealersId } = useSession();
  const [phoneForm] = Form.useForm<{ phone: string }>();
  const [form] = Form.useForm<AddValues>();
  const check = useCheckPhone();
  const add = useAddMember();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [created, setCreated] = useState<OneTimeAccount | null>(null);
  const close = () => {
    setChecked(null);
    onClose();
  };

  const phoneStep = useFormSubmit(phoneForm, async ({ phone }) => {
    const answer = await check.mutateAsync(phone.trim());
    if (answer.isMember) {
      void modal.confirm({
        title: t('members.alreadyMember'),
        content: t('members.alreadyMemberConfirm', { phone }),
        okText: t('members.editPermissions'),
        cancelText: t('members.cancel'),
        okButtonProps: { 'data-testid': 'member-edit-existing' },
        onOk: async () => {
          // A refusal is toasted by the API client; the confirm must not reject (antd would leave it unhandled).
          const page = await call(listMembers, {
            keyword: phone.trim(),
            ownerId: dealersId ?? '',
            pageIndex: 1,
            pageSize: 10,
          }).catch(() => null);
          const member = page?.list.find((row) => row.memberId === answer.memberId);
          close();
          if (member) onEditExisting(member);
        },
      });
    } else if (!answer.accountExists) {
      void modal.confirm({
        title: t('members.noAccount'),
        content: t('members.noAccountConfirm', { phone }),
        okText: t('members.createAccount'),
        cancelText: t('members.cancel'),
        okButtonProps: { 'data-testid': 'member-create-account' },
        onOk: () => setChecked({ phone: phone.trim(), createAccount: true, realName: '' }),
      });
    } else if (answer.invited) {
      void message.info(t('members.invitationPending'));
    } else {
      setChecked({ phone: phone.trim(), createAccount: false, realName: answer.realName });
    }
  });

  const addStep = useFormSubmit(form, async (values) => {
    if (!checked) return;
    // An existing account is invited; its name is not asked (nor always known).
    const realName = checked.createAccount ? values.realName : checked.realName || checked.phone;
    const body = {
      ...values,
      realName,
      phone: checked.phone,
      createAccount: checked.createAccount,
      email: values.email ?? '',
      img: values.img ?? '',
      jurisdiction: values.jurisdiction ?? [],
    };
    const { password, invited } = await add.mutateAsync(body);
    void message.success(t(invited ? 'members.invited' : 'members.added'));
    close();
    if (password) setCreated({ phone: checked.phone, password });
  });

  return (
    <>
      <Modal
        open={open}
        title={t('members.add')}
        onCancel={close}
        destroyOnHidden
        forceRender
        width={640}
        footer={
          <Space>
            <Button onClick={close}>{t('members.cancel')}</Button>
            {checked ? (
              <Button type="primary" loading={addStep.submitting} onClick={addStep.submit} data-testid="member-add-ok">
                {t('members.save')}
              </Button>
            ) : (
              <Button
                type="primary"
                loading={phoneStep.submitting}
                onClick={phoneStep.submit}
                data-testid="member-phone-next"
              >
                {t('members.next')}
              </Button>
            )}
          </Space>
        }
      >
        <Form form={phoneForm} layout="vertical" preserve={false}>
          <Form.Item name="phone" label={t('members.phone')} rules={[zodRule(field.phone)]}>
            <Input maxLength={11} disabled={checked !== null} data-testid="member-phone" />
          </Form.Item>
        </Form>
        {checked && (
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ jurisdiction: [], roleIds: [], realName: checked.realName }}
          >
            {checked.createAccount ? (
              <Form.Item
                name="realName"
                label={t('members.realName')}
                rules={[zodRule(field.realName)]}
                extra={t('members.passwordHint')}
              >
                <Input maxLength={32} data-testid="member-real-name" />
              </Form.Item>
            ) : (
              <Alert
                type="info"
                showIcon
                message={t('members.inviteHint')}
                style={{ marginBottom: 16 }}
                data-testid="member-invite-hint"
              />
            )}
            <MemberFields />
          </Form>
        )}
      </Modal>
      <OneTimePassword account={created} title={t('members.accountCreated')} onClose={() => setCreated(null)} />
    </>
  );
}
