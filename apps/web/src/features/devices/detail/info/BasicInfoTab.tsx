import { Descriptions, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../../components/time/platformTime.ts';
import { shownValue } from '../../../../components/emptyValue.ts';
import { useLocalName } from '../../../../i18n/useLocalName.ts';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { useDeviceWithPoints } from '../deviceQueries.ts';
import { pointValueText } from '../params/pointText.ts';
import { DeviceProject } from './DeviceProject.tsx';
import { warrantyYears } from './warranty.ts';

/** The basic-info tab: the device's fields of spec section 3 and its basic-info points (e.g. the mainboard's software version). */
export function BasicInfoTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const { device: d, points } = useDeviceWithPoints(deviceId);
  if (!d) return <Spin />;
  const years = warrantyYears(d.activateTime, d.warrantyUntil);
  const basicPoints = points.filter((p) => p.basicInfo);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={2} data-testid="device-basic-info">
        <Descriptions.Item label={t('deviceDetail.field.deviceCode')}>{d.deviceCode}</Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.deviceName')}>{d.deviceName}</Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.product')}>{d.productName}</Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.series')}>{shownValue(d.groupName)}</Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.sn')}>{shownValue(d.sn)}</Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.model')}>{shownValue(d.model)}</Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.imei')}>
          <span data-testid="device-imei">{shownValue(d.imei)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.iccId')}>
          <span data-testid="device-iccid">{shownValue(d.iccId)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.softwareCode')}>{shownValue(d.softwareCode)}</Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.softwareVersion')}>
          {shownValue(d.softwareVersion)}
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.activateTime')}>{formatTime(d.activateTime)}</Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.warranty')}>
          <span data-testid="device-warranty">
            {years === null
              ? shownValue(null)
              : t('deviceDetail.field.warrantyValue', { years, until: formatDate(d.warrantyUntil) })}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.project')}>
          <DeviceProject projectId={d.projectId} projectName={d.projectName} />
        </Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.projectCheckState')}>
          <span data-testid="device-project-check-state">
            {d.projectCheckState === null ? shownValue(null) : t(`projects.checkState.${d.projectCheckState}`)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item
          label={t('deviceDetail.field.dealer')}
        >{`${d.ownerDealerName} (${d.ownerDealerCode})`}</Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.address')}>{shownValue(d.address)}</Descriptions.Item>
        <Descriptions.Item label={t('deviceDetail.field.createTime')}>{formatTime(d.createTime)}</Descriptions.Item>
      </Descriptions>
      {basicPoints.length > 0 ? (
        <Descriptions
          bordered
          size="small"
          column={2}
          title={t('deviceDetail.basic.points')}
          data-testid="device-basic-points"
        >
          {basicPoints.map((p) => (
            <Descriptions.Item key={p.address} label={localName(p.name, p.enName)}>
              {pointValueText(p, t)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
    </Space>
  );
}
