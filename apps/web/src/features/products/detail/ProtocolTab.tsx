import { Alert, Descriptions, Empty, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Product, ProtocolVersion } from '@dcc/contract';
import { DataTable, formatTime } from '../../../components/list/index.ts';
import { useProtocolDetail } from '../hooks.ts';
import { protocolDetailPath } from '../paths.ts';
import { shownValue } from '../../../components/emptyValue.ts';

/** The protocol-management tab: the associated protocol and its versions with point counts; points are edited on the protocol's page. */
export function ProtocolTab({ product }: { product: Product }) {
  const { t } = useTranslation();
  const detail = useProtocolDetail(product.protocolId);
  if (!product.protocolId) return <Empty description={t('products.noProtocol')} />;
  const columns: TableColumnsType<ProtocolVersion> = [
    { title: t('products.versionName'), dataIndex: 'versionName' },
    { title: t('products.pointCount'), dataIndex: 'pointCount' },
    { title: t('products.description'), dataIndex: 'description' },
    { title: t('products.creator'), dataIndex: 'creator' },
    { title: t('list.createTime'), dataIndex: 'createTime', render: formatTime },
  ];
  const link = (
    <Link to={protocolDetailPath(product.protocolId)} data-testid="product-protocol-link">
      {t('products.openProtocol')}
    </Link>
  );
  return (
    <div data-testid="product-protocol-tab">
      <Descriptions bordered size="small" column={2} extra={link}>
        <Descriptions.Item label={t('products.protocol')}>
          {detail.data?.protocolName ?? product.protocolName}
        </Descriptions.Item>
        <Descriptions.Item label={t('products.protocolCode')}>
          {shownValue(detail.data?.protocolCode)}
        </Descriptions.Item>
        <Descriptions.Item label={t('products.description')} span={2}>
          {shownValue(detail.data?.description)}
        </Descriptions.Item>
      </Descriptions>
      {detail.isError ? (
        <Alert type="error" showIcon style={{ marginTop: 16 }} title={t('products.protocolLoadFailed')} />
      ) : null}
      <DataTable<ProtocolVersion>
        style={{ marginTop: 16 }}
        rowKey="versionId"
        columns={columns}
        dataSource={detail.data?.versions}
        pending={detail.isLoading}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('products.noVersions')} /> }}
        data-testid="product-protocol-versions"
      />
    </div>
  );
}
