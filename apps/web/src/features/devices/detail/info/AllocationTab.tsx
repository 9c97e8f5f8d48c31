import { useState } from 'react';
import { Button, Descriptions, Form, Popconfirm, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { listMoveTargets, moveDevices } from '@dcc/contract';
import { useFeedback } from '../../../../app/feedback.tsx';
import { useMayCall } from '../../../../session/mayCall.ts';
import { useMoveTargetOptions } from '../../allocation/allocationTargets.ts';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { useDevice, useMoveDevice } from '../deviceQueries.ts';
import { CustomerAllocation } from './CustomerAllocation.tsx';
import { TargetSelect } from './TargetSelect.tsx';

/** The allocation tab: the dealer that owns the device and moving it to another dealer of the subtree or back to the company itself (B9404); the end customer it is allocated to. */
export function AllocationTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const device = useDevice(deviceId);
  const mayMoveDevice = useMayCall(moveDevices);
  const mayPickTarget = useMayCall(listMoveTargets);
  const mayMove = mayMoveDevice && mayPickTarget;
  if (!device.data) return <Spin />;
  const d = device.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={1} data-testid="device-allocation">
        <Descriptions.Item label={t('deviceDetail.field.dealer')}>
          <span data-testid="device-dealer">{`${d.ownerDealerName} (${d.ownerDealerCode})`}</span>
        </Descriptions.Item>
      </Descriptions>
      {mayMove ? <MoveForm deviceId={deviceId} deviceCode={d.deviceCode} currentDealerId={d.ownerDealerId} /> : null}
      <CustomerAllocation deviceId={deviceId} deviceCode={d.deviceCode} />
    </Space>
  );
}

function MoveForm({
  deviceId,
  deviceCode,
  currentDealerId,
}: {
  deviceId: string;
  deviceCode: string;
  currentDealerId: string;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<string | undefined>();
  const { options, loading } = useMoveTargetOptions(search, currentDealerId);
  const move = useMoveDevice(deviceId);
  const targetName = options.find((o) => o.value === target)?.label ?? '';
  return (
    <Form layout="inline">
      <TargetSelect
        label={t('deviceDetail.allocation.target')}
        placeholder={t('deviceDetail.allocation.targetPlaceholder')}
        value={target}
        onChange={setTarget}
        onSearch={setSearch}
        options={options}
        loading={loading}
        testId="device-move-target"
      />
      <Form.Item>
        <Popconfirm
          title={
            <Typography.Text>
              {t('deviceDetail.allocation.question', { code: deviceCode, dealer: targetName })}
            </Typography.Text>
          }
          okText={t('deviceDetail.allocation.move')}
          cancelText={t('deviceDetail.action.cancel')}
          okButtonProps={{ 'data-testid': 'device-move-confirm' }}
          disabled={!target}
          onConfirm={() =>
            move
              .mutateAsync(target ?? '')
              .then(() => {
                void message.success(t('deviceDetail.allocation.moved'));
                setTarget(undefined);
              })
              .catch(() => undefined)
          }
        >
          <Button type="primary" disabled={!target} data-testid="device-move">
            {t('deviceDetail.allocation.move')}
          </Button>
        </Popconfirm>
      </Form.Item>
    </Form>
  );
}
