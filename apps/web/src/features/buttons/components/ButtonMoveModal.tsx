import { useState } from 'react';
import { Modal, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ButtonNode } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { useMoveButton } from '../hooks.ts';

interface Props {
  node: ButtonNode | null;
  tree: readonly ButtonNode[];
  onClose(): void;
}

interface ParentOption {
  value: string;
  title: string;
  children: ParentOption[];
}

const TOP_LEVEL = '__top__';

// A button cannot move under itself or its own children: leave its subtree out.
const parentOptions = (nodes: readonly ButtonNode[], moving: string): ParentOption[] =>
  nodes
    .filter((node) => node.buttonId !== moving)
    .map((node) => ({
      value: node.buttonId,
      title: `${node.label} (${node.buttonId})`,
      children: parentOptions(node.children, moving),
    }));

/** Moves a button under another parent or to the top level. */
export function ButtonMoveModal({ node, tree, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [parent, setParent] = useState<string | undefined>();
  const move = useMoveButton();
  const close = () => {
    setParent(undefined);
    onClose();
  };
  const submit = () => {
    if (!node || parent === undefined) return;
    move.mutate(
      { buttonId: node.buttonId, parentId: parent === TOP_LEVEL ? '' : parent },
      {
        onSuccess: () => {
          void message.success(t('buttonManage.moved'));
          close();
        },
      },
    );
  };
  const options = [
    { value: TOP_LEVEL, title: t('buttonManage.topLevel'), children: [] },
    ...parentOptions(tree, node?.buttonId ?? ''),
  ];
  return (
    <Modal
      open={node !== null}
      title={t('buttonManage.moveTitle', { name: node?.label ?? '' })}
      onOk={submit}
      onCancel={close}
      confirmLoading={move.isPending}
      okButtonProps={{ disabled: parent === undefined, 'data-testid': 'button-move-ok' }}
      destroyOnHidden
    >
      <TreeSelect
        value={parent}
        onChange={setParent}
        treeData={options}
        showSearch
        treeNodeFilterProp="title"
        placeholder={t('buttonManage.newParent')}
        style={{ width: '100%' }}
        data-testid="button-move-parent"
      />
    </Modal>
  );
}
