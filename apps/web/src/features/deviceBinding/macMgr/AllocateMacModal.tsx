import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { allocateMac, type MacEntry } from '@dcc/contract';
import { EditModal } from '../../../components/list/index.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useAllocateMac } from './hooks.ts';

const rules = allocateMac.request.shape;

interface Props {
  /** The undistributed MAC to allocate, or null when closed. */
  mac: MacEntry | null;
  onClose(): void;
}

/** Reserves an undistributed MAC for a device named by its IoT code. */
export function AllocateMacModal({ mac, onClose }: Props) {
  const { t } = useTranslation();
  const allocate = useAllocateMac();
  return (
    <EditModal<{ deviceCode: string }>
      draft={mac && { deviceCode: '' }}
      title={t('deviceBinding.mac.allocateTitle', { mac: mac?.mac ?? '' })}
      onSubmit={({ deviceCode }) => allocate.mutateAsync({ macId: mac!.macId, deviceCode })}
      onClose={onClose}
      doneText={t('deviceBinding.mac.allocated')}
      testId="mac-allocate-form"
    >
      <Form.Item name="deviceCode" label={t('deviceBinding.deviceCode')} rules={[zodRule(rules.deviceCode)]}>
        <Input maxLength={64} autoFocus data-testid="mac-allocate-deviceCode" />
      </Form.Item>
    </EditModal>
  );
}
