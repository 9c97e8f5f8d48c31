import { CheckCircleOutlined, WarningFilled } from '@ant-design/icons';
import { Button, List, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../components/list/index.ts';
import { LoadFailedResult } from '../../../../components/LoadFailedResult.tsx';
import { useFaultsNow } from '../hooks.ts';

/** The faults open now on a device, read when the popover opens. */
function FaultsNow({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const faults = useFaultsNow(deviceId);
  if (faults.isError) return <LoadFailedResult error={faults.error} onRetry={() => void faults.refetch()} />;
  if (faults.isPending) return <Spin size="small" />;
  return (
    <List
      size="small"
      style={{ maxWidth: 360, maxHeight: 320, overflow: 'auto' }}
      dataSource={faults.data.dataList}
      locale={{ emptyText: t('home.device.noFaults') }}
      data-testid="key-device-faults"
      renderItem={(fault) => (
        <List.Item data-testid={`key-device-fault-${fault.faultCode}`}>
          <List.Item.Meta
            title={`${fault.faultCode} ${fault.description}`}
            description={<Typography.Text type="secondary">{formatTime(fault.createTime)}</Typography.Text>}
          />
        </List.Item>
      )}
    />
  );
}

/** A key device's fault state: a warning that opens the current faults (fault_now), or a quiet "normal". */
export function FaultIndicator({ deviceId, faulty }: { deviceId: string; faulty: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!faulty)
    return (
      <Typography.Text type="secondary" data-testid="key-device-no-fault">
        <CheckCircleOutlined /> {t('home.device.normal')}
      </Typography.Text>
    );
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title={t('home.device.currentFaults')}
      content={open ? <FaultsNow deviceId={deviceId} /> : null}
    >
      <Button type="link" danger size="small" icon={<WarningFilled />} data-testid="key-device-fault">
        {t('home.device.faulty')}
      </Button>
    </Popover>
  );
}
