import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { activateDevice, followDevices, lockDevice } from '@dcc/contract';
import type { DetailDevice } from '../detailDevice.ts';
import { useFeedback } from '../../../../app/feedback.tsx';
import { ConfirmAction } from '../../../../components/list/index.ts';
import { useMayCall } from '../../../../session/mayCall.ts';
import { useFollow, useLock } from '../deviceQueries.ts';
import { ActivateButton } from './ActivateButton.tsx';
import { useCommandFeedback } from './useCommandFeedback.ts';

/** The device's actions, each behind its button: follow or unfollow (favourites), lock or unlock, activate. */
export function DeviceActions({ device }: { device: DetailDevice }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const feedback = useCommandFeedback();
  const follow = useFollow(device.deviceId);
  const lock = useLock(device.deviceId);
  const mayFollow = useMayCall(followDevices);
  const mayLock = useMayCall(lockDevice);
  const mayActivate = useMayCall(activateDevice);
  const names = { code: device.deviceCode };
  return (
    <Space wrap data-testid="device-actions">
      {mayFollow ? (
        <ConfirmAction
          title={t(
            device.followed ? 'deviceDetail.action.unfollowQuestion' : 'deviceDetail.action.followQuestion',
            names,
          )}
          testId={device.followed ? 'device-unfollow' : 'device-follow'}
          danger={false}
          onConfirm={() =>
            follow
              .mutateAsync(!device.followed)
              .then(() =>
                message.success(t(device.followed ? 'deviceDetail.action.unfollowed' : 'deviceDetail.action.followed')),
              )
          }
        >
          {t(device.followed ? 'deviceDetail.action.unfollow' : 'deviceDetail.action.follow')}
        </ConfirmAction>
      ) : null}
      {mayLock ? (
        <ConfirmAction
          title={t(device.locked ? 'deviceDetail.action.unlockQuestion' : 'deviceDetail.action.lockQuestion', names)}
          testId={device.locked ? 'device-unlock' : 'device-lock'}
          danger={!device.locked}
          onConfirm={() =>
            lock
              .mutateAsync(!device.locked)
              .then((answer) =>
                feedback(answer, t(device.locked ? 'deviceDetail.action.unlocked' : 'deviceDetail.action.locked')),
              )
          }
        >
          {t(device.locked ? 'deviceDetail.action.unlock' : 'deviceDetail.action.lock')}
        </ConfirmAction>
      ) : null}
      {mayActivate && device.status === 'UNACTIVE' ? <ActivateButton device={device} /> : null}
    </Space>
  );
}
