import { useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ButtonNode } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { useDeleteButton } from '../hooks.ts';

interface Props {
  node: ButtonNode | null;
  onClose(): void;
}

/** Deletes a button only after its delete word (the button id) is typed; a mismatch answers 'input error'. */
export function ButtonDeleteModal({ node, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [word, setWord] = useState('');
  const remove = useDeleteButton();
  const close = () => {
    setWord('');
    onClose();
  };
  const submit = () => {
    if (!node) return;
    if (word.trim() !== node.buttonId) {
      void message.error(t('organization.error.deleteWordMismatch'));
      return;
    }
    remove.mutate(
      { buttonId: node.buttonId, deleteWord: word.trim() },
      {
        onSuccess: () => {
          void message.success(t('buttonManage.deleted'));
          close();
        },
      },
    );
  };
  return (
    <Modal
      open={node !== null}
      title={t('buttonManage.delete')}
      onOk={submit}
      onCancel={close}
      confirmLoading={remove.isPending}
      okButtonProps={{ danger: true, 'data-testid': 'button-delete-ok' }}
      destroyOnHidden
    >
      {node && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('buttonManage.deleteWarning', { name: node.label })}
          />
          <Typography.Paragraph>
            {t('buttonManage.deleteType')} <Typography.Text code>{node.buttonId}</Typography.Text>
          </Typography.Paragraph>
          <Input
            value={word}
            onChange={(event) => setWord(event.target.value)}
            onPressEnter={submit}
            maxLength={40}
            data-testid="button-delete-word"
          />
        </>
      )}
    </Modal>
  );
}
