import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { addButton } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { useFormSubmit } from '../../../components/useFormSubmit.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useAddButton, useRenameButton } from '../hooks.ts';

/** Add a button under `parentId`, or rename `buttonId`. */
export type NameDraft =
  { mode: 'add'; parentId: string; parentLabel: string } | { mode: 'rename'; buttonId: string; name: string };

interface Props {
  draft: NameDraft | null;
  onClose(): void;
}

const field = addButton.request.shape;

/** The dialog to add a button (id and name) or rename one. */
export function ButtonNameModal({ draft, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ buttonId: string; name: string }>();
  const add = useAddButton();
  const rename = useRenameButton();
  const { submit, submitting } = useFormSubmit(form, async (values) => {
    if (draft?.mode === 'add')
      await add.mutateAsync({ buttonId: values.buttonId.trim(), parentId: draft.parentId, name: values.name.trim() });
    if (draft?.mode === 'rename') await rename.mutateAsync({ buttonId: draft.buttonId, name: values.name.trim() });
    void message.success(t('buttonManage.saved'));
    onClose();
  });
  const title =
    draft?.mode === 'add' ? t('buttonManage.addUnder', { parent: draft.parentLabel }) : t('buttonManage.rename');
  return (
    <Modal
      open={draft !== null}
      title={title}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={submitting}
      okButtonProps={{ 'data-testid': 'button-name-ok' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={draft?.mode === 'rename' ? { name: draft.name } : {}}
      >
        {draft?.mode === 'add' && (
          <Form.Item name="buttonId" label={t('buttonManage.id')} rules={[zodRule(field.buttonId)]}>
            <Input maxLength={32} data-testid="button-id" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('buttonManage.name')} rules={[zodRule(field.name)]}>
          <Input maxLength={30} data-testid="button-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
