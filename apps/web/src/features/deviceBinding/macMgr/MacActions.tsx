import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MacEntry } from '@dcc/contract';
import { ConfirmAction } from '../../../components/list/index.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { useConfirmMac, useDeleteMac, useReleaseMac } from './hooks.ts';

interface Props {
  row: MacEntry;
  onAllocate(row: MacEntry): void;
}

/** What a MAC's row offers in its state: allocate or delete (undistributed), confirm (occupied), release (occupied, succeeded). */
export function MacActions({ row, onAllocate }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const confirm = useConfirmMac();
  const release = useReleaseMac();
  const remove = useDeleteMac();
  const done = (key: string) => () => void message.success(t(key));
  if (row.state === 'undistributed') {
    return (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => onAllocate(row)} data-testid="row-allocate">
          {t('deviceBinding.mac.allocate')}
        </Button>
        <ConfirmAction
          title={t('list.deleteConfirm', { name: row.mac })}
          onConfirm={() => remove.mutateAsync(row.macId).then(done('list.deleted'))}
          testId="row-delete"
        >
          {t('list.delete')}
        </ConfirmAction>
      </Space>
    );
  }
  return (
    <Space size={0}>
      {row.state === 'occupied' && (
        <ConfirmAction
          title={t('deviceBinding.mac.confirmQuestion', { mac: row.mac, deviceCode: row.deviceCode ?? '' })}
          onConfirm={() => confirm.mutateAsync(row.macId).then(done('deviceBinding.mac.confirmed'))}
          danger={false}
          testId="row-confirm"
        >
          {t('deviceBinding.mac.confirm')}
        </ConfirmAction>
      )}
      <ConfirmAction
        title={t('deviceBinding.mac.releaseQuestion', { mac: row.mac, deviceCode: row.deviceCode ?? '' })}
        onConfirm={() => release.mutateAsync(row.macId).then(done('deviceBinding.mac.released'))}
        testId="row-release"
      >
        {t('deviceBinding.mac.release')}
      </ConfirmAction>
    </Space>
  );
}
