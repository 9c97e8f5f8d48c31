import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { noticeEditable } from '@dcc/contract';
import { useFeedback } from '../../../../app/feedback.tsx';
import { useFormSubmit } from '../../../../components/useFormSubmit.ts';
import { zodRule } from '../../../../components/zodRule.ts';
import { useSaveNotice, type NoticeDraft } from '../hooks.ts';

interface Props {
  /** The notice to edit, an empty draft to add one, or null when closed. */
  draft: NoticeDraft | null;
  onClose(): void;
}

/** Add or edit a notice: title and body, checked with the contract's rules. */
export function NoticeFormModal({ draft, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<NoticeDraft>();
  const save = useSaveNotice();
  useEffect(() => {
    if (draft) form.setFieldsValue(draft);
  }, [draft, form]);
  const { submit, submitting } = useFormSubmit(form, async (values) => {
    await save.mutateAsync({ ...values, noticeId: draft?.noticeId, version: draft?.version });
    void message.success(t('messageManage.saved'));
    onClose();
  });
  return (
    <Modal
      open={draft !== null}
      title={draft?.noticeId ? t('messageManage.edit') : t('messageManage.add')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={submitting}
      okButtonProps={{ 'data-testid': 'notice-form-ok' }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="noticeTitle"
          label={t('messageManage.title')}
          rules={[zodRule(noticeEditable.shape.noticeTitle)]}
        >
          <Input maxLength={50} showCount data-testid="notice-title" />
        </Form.Item>
        <Form.Item name="noticeBody" label={t('messageManage.body')} rules={[zodRule(noticeEditable.shape.noticeBody)]}>
          <Input.TextArea rows={6} maxLength={2000} showCount data-testid="notice-body" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
