import { Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallResponse, Device, lockDevices } from '@dcc/contract';
import { codeNames } from '../../../components/codeNames.ts';
import { DataTable } from '../../../components/list/index.ts';

type Outcome = CallResponse<typeof lockDevices>['results'][number];
const OUTCOME_COLORS: Record<Outcome['outcome'], string> = {
  applied: 'green',
  refused: 'orange',
  noReply: 'default',
  rejected: 'red',
};

interface Props {
  /** What was done (lock or unlock) and each device's outcome; null closes the dialog. */
  result: { action: 'lock' | 'unlock'; results: Outcome[] } | null;
  /** The selected devices, to name each outcome's device. */
  devices: readonly Device[];
  onClose(): void;
}

/** Each device's outcome of a batch lock or unlock: applied, refused by the device, no reply, or rejected before sending (with why). */
export function BatchOutcomes({ result, devices, onClose }: Props) {
  const { t } = useTranslation();
  const codeOf = new Map(devices.map((device) => [device.deviceId, device.deviceCode]));
  return (
    <Modal
      open={result !== null}
      title={result && t(`devices.batch.${result.action}Result`)}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ 'data-testid': 'modal-ok' }}
      width={640}
    >
      <DataTable<Outcome>
        size="small"
        rowKey="deviceId"
        dataSource={result?.results ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        data-testid="batch-outcomes"
        columns={[
          {
            title: t('devices.deviceCode'),
            dataIndex: 'deviceId',
            render: (deviceId: string) => codeOf.get(deviceId) ?? deviceId,
          },
          {
            title: t('devices.batch.outcome'),
            dataIndex: 'outcome',
            render: (outcome: Outcome['outcome']) => (
              <Tag color={OUTCOME_COLORS[outcome]}>{codeNames.batchOutcome(t, outcome)}</Tag>
            ),
          },
          { title: t('devices.batch.message'), dataIndex: 'message' },
        ]}
      />
    </Modal>
  );
}
