import { Form, theme, Tree, type TreeDataNode } from 'antd';
import type { ButtonNode } from '@dcc/contract';
import { checkedLeaves } from './ButtonTreeKeys.ts';

interface Props {
  nodes: readonly ButtonNode[];
  /** The held button ids, parents of held children included. */
  value?: string[];
  onChange?(value: string[]): void;
  /** Buttons the signed-in member does not hold cannot be granted. */
  onlyGrantable?: boolean;
  testId?: string;
}

const toTreeData = (nodes: readonly ButtonNode[], onlyGrantable: boolean): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.buttonId,
    title: <span data-testid={`button-node-${node.buttonId}`}>{node.label}</span>,
    disableCheckbox: onlyGrantable && !node.grantable,
    children: toTreeData(node.children, onlyGrantable),
  }));

/** Permission buttons as a checkbox tree; half-checked parents are held too, since a menu shows only with its own id. */
export function ButtonTree({ nodes, value = [], onChange, onlyGrantable = false, testId = 'button-tree' }: Props) {
  // Inside a Form.Item whose rule failed, the tree is outlined like any input in error.
  const { status } = Form.Item.useStatus();
  const { token } = theme.useToken();
  const outline =
    status === 'error' ? { border: `1px solid ${token.colorError}`, borderRadius: token.borderRadius } : undefined;
  return (
    <div data-testid={testId} data-status={status} style={outline}>
      {/* Mounted with the data, so that defaultExpandAll opens every node. */}
      {nodes.length > 0 && (
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          treeData={toTreeData(nodes, onlyGrantable)}
          checkedKeys={checkedLeaves(nodes, new Set(value))}
          onCheck={(checked, info) => {
            const keys = Array.isArray(checked) ? checked : checked.checked;
            onChange?.([...keys, ...(info.halfCheckedKeys ?? [])].map(String));
          }}
        />
      )}
    </div>
  );
}
