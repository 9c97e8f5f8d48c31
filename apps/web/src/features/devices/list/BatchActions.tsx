import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  deleteDevices,
  followDevices,
  listMoveTargets,
  lockDevices,
  moveDevices,
  type CallResponse,
  type Device,
} from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { useMayCall } from '../../../session/mayCall.ts';
import { useDeleteDevices, useFollowDevices, useLockDevices, useUnfollowDevices, useUnlockDevices } from '../hooks.ts';
import { BatchOutcomes } from './BatchOutcomes.tsx';
import { MoveDevicesModal } from './MoveDevicesModal.tsx';

interface Props {
  selected: Device[];
  /** After an action that changes which devices the list holds (move, delete). */
  onCleared(): void;
}

type LockAnswer = CallResponse<typeof lockDevices>;

/** What the list does with its selection, each button shown only when the company may make its call. */
export function BatchActions({ selected, onCleared }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const mayMoveDevices = useMayCall(moveDevices);
  const mayPickTarget = useMayCall(listMoveTargets);
  const mayMove = mayMoveDevices && mayPickTarget;
  const mayFollow = useMayCall(followDevices);
  const mayLock = useMayCall(lockDevices);
  const mayDelete = useMayCall(deleteDevices);
  const [moving, setMoving] = useState(false);
  const [outcomes, setOutcomes] = useState<{ action: 'lock' | 'unlock'; results: LockAnswer['results'] } | null>(null);
  const remove = useDeleteDevices();
  const follow = useFollowDevices();
  const unfollow = useUnfollowDevices();
  const lock = useLockDevices();
  const unlock = useUnlockDevices();
  const deviceIds = selected.map((device) => device.deviceId);
  const none = deviceIds.length === 0;

  // Errors are toasted by the API client; each action only reports its success.
  const run = (action: () => Promise<unknown>) => void action().catch(() => undefined);
  const followAll = () =>
    run(
      async () =>
        void message.success(t('devices.batch.followed', { count: (await follow.mutateAsync(deviceIds)).followed })),
    );
  const unfollowAll = () =>
    run(
      async () =>
        void message.success(
          t('devices.batch.unfollowed', { count: (await unfollow.mutateAsync(deviceIds)).unfollowed }),
        ),
    );
  const lockAll = (action: 'lock' | 'unlock') =>
    run(async () =>
      setOutcomes({ action, results: (await (action === 'lock' ? lock : unlock).mutateAsync(deviceIds)).results }),
    );
  const deleteAll = async () => {
    const { deleted } = await remove.mutateAsync(deviceIds);
    void message.success(t('devices.batch.deleted', { count: deleted }));
    onCleared();
  };

  return (
    <Space wrap data-testid="device-batch">
      <span data-testid="device-selected">{t('devices.batch.selected', { count: deviceIds.length })}</span>
      {mayMove && (
        <Button disabled={none} onClick={() => setMoving(true)} data-testid="batch-move">
          {t('devices.batch.move')}
        </Button>
      )}
      {mayFollow && (
        <Button disabled={none} loading={follow.isPending} onClick={followAll} data-testid="batch-follow">
          {t('devices.batch.follow')}
        </Button>
      )}
      {mayFollow && (
        <Button disabled={none} loading={unfollow.isPending} onClick={unfollowAll} data-testid="batch-unfollow">
          {t('devices.batch.unfollow')}
        </Button>
      )}
      {mayLock && (
        <Button disabled={none} loading={lock.isPending} onClick={() => lockAll('lock')} data-testid="batch-lock">
          {t('list.lock')}
        </Button>
      )}
      {mayLock && (
        <Button disabled={none} loading={unlock.isPending} onClick={() => lockAll('unlock')} data-testid="batch-unlock">
          {t('list.unlock')}
        </Button>
      )}
      {mayDelete && (
        <Popconfirm
          title={t('devices.batch.deleteConfirm', { count: deviceIds.length })}
          okText={t('list.delete')}
          cancelText={t('list.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'batch-delete-confirm' }}
          onConfirm={() => deleteAll().catch(() => undefined)}
          disabled={none}
        >
          <Button danger disabled={none} data-testid="batch-delete">
            {t('list.delete')}
          </Button>
        </Popconfirm>
      )}
      <MoveDevicesModal
        open={moving}
        deviceIds={deviceIds}
        onClose={(moved) => {
          setMoving(false);
          if (moved) onCleared();
        }}
      />
      <BatchOutcomes result={outcomes} devices={selected} onClose={() => setOutcomes(null)} />
    </Space>
  );
}
