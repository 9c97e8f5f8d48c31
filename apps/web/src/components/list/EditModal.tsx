import type { ReactNode } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback.tsx';
import { useFormSubmit } from '../useFormSubmit.ts';

interface Props<Values extends object> {
  /** The record to edit, an empty draft to add one, or null when closed. */
  draft: Partial<Values> | null;
  title: ReactNode;
  /** Saves the checked values; the dialog closes with a 'saved' toast when it resolves. */
  onSubmit(values: Values): Promise<unknown>;
  onClose(): void;
  /** The form's Form.Items. */
  children: ReactNode;
  /** The toast after saving; 'Saved' unless told. */
  doneText?: string;
  testId?: string;
}

/** A dialog with a vertical form: fills in the draft, checks the rules, saves, toasts and closes. */
export function EditModal<Values extends object>({
  draft,
  title,
  onSubmit,
  onClose,
  children,
  doneText,
  testId,
}: Props<Values>) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  // Server refusals are toasted by the API client (or shown on their fields); the dialog stays open to correct them.
  const { submit, submitting } = useFormSubmit(form, async (values) => {
    await onSubmit(values);
    void message.success(doneText ?? t('list.saved'));
    onClose();
  });
  return (
    <Modal
      open={draft !== null}
      title={title}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={submitting}
      okButtonProps={testId ? { 'data-testid': `${testId}-ok` } : undefined}
      destroyOnHidden
    >
      {/* Mounted anew on each opening, so the draft is the form's initial state. */}
      <Form
        form={form}
        name={testId}
        layout="vertical"
        preserve={false}
        initialValues={draft ?? undefined}
        data-testid={testId}
      >
        {children}
      </Form>
    </Modal>
  );
}
