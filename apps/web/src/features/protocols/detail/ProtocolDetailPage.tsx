import { Alert, Button, Card, Descriptions, Empty, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { formatTime } from '../../../components/list/index.ts';
import { useProtocolDetail } from '../hooks.ts';
import { protocolPaths } from '../paths.ts';
import { PointTable } from '../points/PointTable.tsx';
import { VersionBar } from './VersionBar.tsx';
import { shownValue } from '../../../components/emptyValue.ts';

/** protocalDetail: the protocol's information, its versions and the chosen version's point table. */
export default function ProtocolDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { protocolId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const detail = useProtocolDetail(protocolId);
  const protocol = detail.data;
  if (!protocol) {
    return (
      <Card loading={detail.isLoading} data-testid="protocol-detail">
        {detail.isError && (
          <Alert
            type="error"
            showIcon
            title={t('protocols.loadFailed')}
            action={
              <Button size="small" onClick={() => void detail.refetch()}>
                {t('list.retry')}
              </Button>
            }
          />
        )}
      </Card>
    );
  }
  const versions = protocol.versions;
  const chosen = searchParams.get('version');
  // Versions come newest first: without a (still existing) choice, show the newest.
  const selected = versions.find((version) => version.versionId === chosen) ?? versions[0];
  const select = (versionId: string) => setSearchParams({ version: versionId }, { replace: true });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={protocol.protocolName}
        extra={
          <Button onClick={() => navigate(protocolPaths.list())} data-testid="protocol-back">
            {t('protocols.back')}
          </Button>
        }
        data-testid="protocol-detail"
      >
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('protocols.name')}>{protocol.protocolName}</Descriptions.Item>
          <Descriptions.Item label={t('protocols.enName')}>{shownValue(protocol.protocolEnName)}</Descriptions.Item>
          <Descriptions.Item label={t('protocols.code')}>
            <span data-testid="protocol-detail-code">{protocol.protocolCode}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('protocols.description')} span={2}>
            {shownValue(protocol.description)}
          </Descriptions.Item>
          <Descriptions.Item label={t('protocols.products')} span={2}>
            {protocol.products.length > 0
              ? protocol.products.map((product) => <Tag key={product.id}>{product.name}</Tag>)
              : t('protocols.noProducts')}
          </Descriptions.Item>
          <Descriptions.Item label={t('protocols.creator')}>{protocol.creator}</Descriptions.Item>
          <Descriptions.Item label={t('protocols.modifier')}>{protocol.modifier}</Descriptions.Item>
          <Descriptions.Item label={t('list.createTime')}>{formatTime(protocol.createTime)}</Descriptions.Item>
          <Descriptions.Item label={t('list.updateTime')}>{formatTime(protocol.updateTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      {selected ? (
        <>
          <Card size="small">
            <VersionBar protocolId={protocol.protocolId} versions={versions} selected={selected} onSelect={select} />
          </Card>
          <PointTable protocolId={protocol.protocolId} version={selected} />
        </>
      ) : (
        <Card>
          <Empty description={t('protocols.noVersions')} />
        </Card>
      )}
    </Space>
  );
}
