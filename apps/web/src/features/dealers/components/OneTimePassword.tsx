import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface OneTimeAccount {
  phone: string;
  /** null when the account existed already and keeps its password. */
  password: string | null;
}

interface Props {
  account: OneTimeAccount | null;
  title: string;
  onClose(): void;
}

/** Shows an account and its random password once; the password cannot be shown again after closing. */
export function OneTimePassword({ account, title, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={account !== null}
      title={title}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ 'data-testid': 'one-time-password-ok' }}
      destroyOnHidden
    >
      {account && (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('org.account.phone')}>
              <span data-testid="one-time-phone">{account.phone}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('org.account.password')}>
              {account.password ? (
                <Typography.Text copyable code data-testid="one-time-password">
                  {account.password}
                </Typography.Text>
              ) : (
                t('org.account.existing')
              )}
            </Descriptions.Item>
          </Descriptions>
          {account.password && <Alert type="warning" showIcon message={t('org.account.showOnce')} />}
        </>
      )}
    </Modal>
  );
}
