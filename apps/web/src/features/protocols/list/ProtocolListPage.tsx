import { useState } from 'react';
import { Button, Form, Input, Space, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { addProtocol, updateProtocol, type Protocol } from '@dcc/contract';
import { actionsColumn, formatTime, PagedTable, RowActions } from '../../../components/list/index.ts';
import { loadProtocols, PROTOCOL_LIST, useDeleteProtocol, type ProtocolDraft, type ProtocolFilters } from '../hooks.ts';
import { protocolPaths } from '../paths.ts';
import { ProtocolFormModal } from './ProtocolFormModal.tsx';
import { CatalogAddButton, useCatalogColumns } from '../../catalog/catalogAccess.tsx';

const EMPTY_FILTERS: ProtocolFilters = { protocolName: '', protocolCode: '' };
const NEW_PROTOCOL: ProtocolDraft = {
  protocolName: '',
  protocolEnName: '',
  protocolCode: '',
  description: '',
  versionName: 'V1.0',
};

/** Product management > Protocols (B154): protocols with their related products and versions. */
export default function ProtocolListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ProtocolDraft | null>(null);
  const remove = useDeleteProtocol();
  const columns: TableColumnsType<Protocol> = [
    {
      title: t('protocols.name'),
      dataIndex: 'protocolName',
      key: 'protocolName',
      sorter: true,
      render: (name: string, row) => (
        <Link to={protocolPaths.detail(row.protocolId)} data-testid="protocol-detail-link">
          {name}
        </Link>
      ),
    },
    { title: t('protocols.enName'), dataIndex: 'protocolEnName' },
    { title: t('protocols.code'), dataIndex: 'protocolCode', key: 'protocolCode', sorter: true },
    { title: t('protocols.description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('protocols.products'),
      dataIndex: 'products',
      render: (products: Protocol['products']) => products.map((product) => <Tag key={product.id}>{product.name}</Tag>),
    },
    { title: t('protocols.versionCount'), dataIndex: 'versionCount' },
    { title: t('protocols.creator'), dataIndex: 'creator' },
    { title: t('protocols.modifier'), dataIndex: 'modifier' },
    { title: t('list.createTime'), dataIndex: 'createTime', key: 'createTime', sorter: true, render: formatTime },
    { title: t('list.updateTime'), dataIndex: 'updateTime', key: 'updateTime', sorter: true, render: formatTime },
    actionsColumn<Protocol>(t, (row) => (
      <RowActions
        onEdit={() =>
          setDraft({
            protocolId: row.protocolId,
            version: row.version,
            protocolName: row.protocolName,
            protocolEnName: row.protocolEnName,
            protocolCode: row.protocolCode,
            description: row.description,
          })
        }
        deleteQuestion={t('protocols.deleteConfirm', { name: row.protocolName })}
        onDelete={() => remove.mutateAsync({ protocolId: row.protocolId, version: row.version })}
      />
    )),
  ];
  const shownColumns = useCatalogColumns(columns, updateProtocol);
  return (
    <>
      <PagedTable<Protocol, ProtocolFilters>
        listName={PROTOCOL_LIST}
        initialFilters={EMPTY_FILTERS}
        load={loadProtocols}
        columns={shownColumns}
        rowKey="protocolId"
        title={t('menu.protocalManage')}
        toolbar={
          <Space>
            <Button onClick={() => navigate(protocolPaths.frameInspector())} data-testid="frame-inspector-link">
              {t('frames.open')}
            </Button>
            <CatalogAddButton
              call={addProtocol}
              label={t('protocols.add')}
              onClick={() => setDraft(NEW_PROTOCOL)}
              testId="protocol-add"
            />
          </Space>
        }
        searchFields={
          <>
            <Form.Item name="protocolName" label={t('protocols.name')}>
              <Input allowClear maxLength={50} data-testid="protocol-search-name" />
            </Form.Item>
            <Form.Item name="protocolCode" label={t('protocols.code')}>
              <Input allowClear maxLength={32} data-testid="protocol-search-code" />
            </Form.Item>
          </>
        }
        testId="protocol-table"
      />
      <ProtocolFormModal draft={draft} onClose={() => setDraft(null)} />
    </>
  );
}
