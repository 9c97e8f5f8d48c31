import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { bindSn } from '@dcc/contract';
import { EditModal } from '../../../components/list/index.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useBindSn, type SnBindDraft } from './hooks.ts';

// The server's own field rules, so the console shows the same messages.
const rules = bindSn.request.shape;

interface Props {
  /** The device to bind (IoT code filled in from its row, or empty), or null when closed. */
  draft: SnBindDraft | null;
  onClose(): void;
}

/** Bind a whole-machine barcode to an IoT code; a scanner typing into the fields works as a keyboard. */
export function BindSnModal({ draft, onClose }: Props) {
  const { t } = useTranslation();
  const bind = useBindSn();
  return (
    <EditModal<SnBindDraft>
      draft={draft}
      title={t('deviceBinding.sn.bind')}
      onSubmit={(values) => bind.mutateAsync(values)}
      onClose={onClose}
      doneText={t('deviceBinding.sn.bound')}
      testId="sn-bind-form"
    >
      <Form.Item name="deviceCode" label={t('deviceBinding.deviceCode')} rules={[zodRule(rules.deviceCode)]}>
        <Input maxLength={64} readOnly={Boolean(draft?.deviceCode)} data-testid="sn-bind-deviceCode" />
      </Form.Item>
      <Form.Item
        name="sn"
        label={t('deviceBinding.sn')}
        rules={[zodRule(rules.sn)]}
        extra={t('deviceBinding.sn.formatHint')}
      >
        <Input maxLength={32} autoFocus data-testid="sn-bind-sn" />
      </Form.Item>
    </EditModal>
  );
}
