import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The new device and its secret; null closes the dialog (the secret is then gone from the console). */
  device: { deviceCode: string; deviceSecret: string } | null;
  onClose(): void;
}

/** The secret of a device just added, shown this once with a copy button: the server never answers it again. */
export function SecretOnce({ device, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={device !== null}
      title={t('devices.secret.title')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ 'data-testid': 'secret-done' }}
      okText={t('devices.secret.done')}
      maskClosable={false}
      width={640}
    >
      <Alert type="warning" showIcon title={t('devices.secret.once')} style={{ marginBottom: 16 }} />
      {device && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('devices.deviceCode')}>
            <span data-testid="secret-device-code">{device.deviceCode}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('devices.secret.label')}>
            <Typography.Text
              code
              copyable={{ text: device.deviceSecret, tooltips: [t('devices.secret.copy'), t('devices.secret.copied')] }}
              data-testid="device-secret"
            >
              {device.deviceSecret}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
