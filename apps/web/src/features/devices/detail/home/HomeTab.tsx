import { Card, Col, Descriptions, Row, Space, Spin, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../components/list/index.ts';
import { useLocalName } from '../../../../i18n/useLocalName.ts';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { useDeviceWithPoints } from '../deviceQueries.ts';
import { pointValueText } from '../params/pointText.ts';
import { CurrentFaults } from './CurrentFaults.tsx';
import { OfflineReason } from './OfflineReason.tsx';
import { DeviceStatusTag, DtuLinkText, SignalText } from './statusTags.tsx';

/** How many key values the home tab shows: the first points of the status group (not vendor, customer or basic-info ones). */
export const KEY_VALUE_COUNT = 12;

/** The home tab: status, offline reason with its check method, signal, DTU link, last online, current faults and key values, all live. */
export function HomeTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const { device: d, points } = useDeviceWithPoints(deviceId);
  if (!d) return <Spin />;
  const keyValues = points.filter((p) => !p.vendorParam && !p.clientParam && !p.basicInfo).slice(0, KEY_VALUE_COUNT);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="device-home">
      <Descriptions bordered size="small" column={3}>
        <Descriptions.Item label={t('deviceDetail.field.status')}>
          <DeviceStatusTag status={d.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.connected')}>
          <span data-testid="device-connected">
            {t(d.connected ? 'deviceDetail.connected.yes' : 'deviceDetail.connected.no')}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.lastOnlineTime')}>
          {formatTime(d.lastOnlineTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.signal')}>
          <SignalText signal={d.signal} />
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.dtuLink')}>
          <DtuLinkText dtuLink={d.dtuLink} />
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.locked')}>
          {t(d.locked ? 'deviceDetail.locked.yes' : 'deviceDetail.locked.no')}
        </Descriptions.Item>
      </Descriptions>
      <OfflineReason device={d} />
      <Row gutter={[16, 16]} data-testid="device-key-values">
        {keyValues.map((p) => (
          <Col key={p.address} xs={12} md={6} xl={4}>
            <Card size="small">
              <Statistic
                title={localName(p.name, p.enName)}
                value={pointValueText(p, t)}
                valueRender={(node) => <span data-testid={`key-${p.address}`}>{node}</span>}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <CurrentFaults deviceId={deviceId} />
    </Space>
  );
}
