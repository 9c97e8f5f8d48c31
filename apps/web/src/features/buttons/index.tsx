import { useState } from 'react';
import { Button, Card, Col, Descriptions, Empty, Input, Row, Space, Spin, Tree, type TreeDataNode } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { ButtonNode } from '@dcc/contract';
import { ButtonDeleteModal } from './components/ButtonDeleteModal.tsx';
import { ButtonMoveModal } from './components/ButtonMoveModal.tsx';
import { ButtonNameModal, type NameDraft } from './components/ButtonNameModal.tsx';
import { useButtonTree } from './hooks.ts';

const matches = (node: ButtonNode, text: string): boolean =>
  text === '' ||
  `${node.label} ${node.buttonId}`.toLowerCase().includes(text) ||
  node.children.some((child) => matches(child, text));

const toTreeData = (nodes: readonly ButtonNode[], text: string): TreeDataNode[] =>
  nodes
    .filter((node) => matches(node, text))
    .map((node) => ({
      key: node.buttonId,
      title: (
        <span data-testid={`button-node-${node.buttonId}`}>
          {node.label} <small style={{ color: '#999' }}>{node.buttonId}</small>
        </span>
      ),
      children: toTreeData(node.children, text),
    }));

function findNode(nodes: readonly ButtonNode[], id: string): ButtonNode | null {
  for (const node of nodes) {
    if (node.buttonId === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return null;
}

/** System management > Permission buttons (B213): the button tree; add, rename, move, delete after typing the delete word. */
export default function ButtonManagePage() {
  const { t } = useTranslation();
  const tree = useButtonTree();
  const nodes = tree.data ?? [];
  const [selectedId, setSelectedId] = useState('');
  const [search, setSearch] = useState('');
  const [nameDraft, setNameDraft] = useState<NameDraft | null>(null);
  const [moving, setMoving] = useState<ButtonNode | null>(null);
  const [deleting, setDeleting] = useState<ButtonNode | null>(null);
  const selected = findNode(nodes, selectedId);

  return (
    <Card
      title={t('menu.buttonManage')}
      extra={
        <Button
          icon={<PlusOutlined />}
          onClick={() => setNameDraft({ mode: 'add', parentId: '', parentLabel: t('buttonManage.topLevel') })}
          data-testid="button-add-top"
        >
          {t('buttonManage.addTop')}
        </Button>
      }
    >
      <Row gutter={24}>
        <Col span={14}>
          <Input.Search
            allowClear
            placeholder={t('buttonManage.search')}
            onChange={(event) => setSearch(event.target.value.trim().toLowerCase())}
            style={{ marginBottom: 12 }}
            data-testid="button-search"
          />
          <Spin spinning={tree.isLoading}>
            <div data-testid="button-manage-tree">
              {nodes.length > 0 && (
                <Tree
                  treeData={toTreeData(nodes, search)}
                  defaultExpandAll
                  virtual={false}
                  selectedKeys={selectedId ? [selectedId] : []}
                  onSelect={(keys) => setSelectedId(String(keys[0] ?? ''))}
                />
              )}
            </div>
          </Spin>
        </Col>
        <Col span={10}>
          {selected ? (
            <Card
              size="small"
              title={selected.label}
              style={{ position: 'sticky', top: 16 }}
              data-testid="button-selected"
            >
              <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
                <Descriptions.Item label={t('buttonManage.id')}>{selected.buttonId}</Descriptions.Item>
                <Descriptions.Item label={t('buttonManage.parent')}>
                  {selected.parentId
                    ? (findNode(nodes, selected.parentId)?.label ?? selected.parentId)
                    : t('buttonManage.topLevel')}
                </Descriptions.Item>
                <Descriptions.Item label={t('buttonManage.childCount')}>{selected.children.length}</Descriptions.Item>
              </Descriptions>
              <Space wrap>
                <Button
                  onClick={() =>
                    setNameDraft({ mode: 'add', parentId: selected.buttonId, parentLabel: selected.label })
                  }
                  data-testid="button-add-child"
                >
                  {t('buttonManage.addChild')}
                </Button>
                <Button
                  onClick={() => setNameDraft({ mode: 'rename', buttonId: selected.buttonId, name: selected.label })}
                  data-testid="button-rename"
                >
                  {t('buttonManage.rename')}
                </Button>
                <Button onClick={() => setMoving(selected)} data-testid="button-move">
                  {t('buttonManage.move')}
                </Button>
                <Button danger onClick={() => setDeleting(selected)} data-testid="button-delete">
                  {t('buttonManage.delete')}
                </Button>
              </Space>
            </Card>
          ) : (
            <Empty description={t('buttonManage.pick')} />
          )}
        </Col>
      </Row>
      <ButtonNameModal draft={nameDraft} onClose={() => setNameDraft(null)} />
      <ButtonMoveModal node={moving} tree={nodes} onClose={() => setMoving(null)} />
      <ButtonDeleteModal node={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
