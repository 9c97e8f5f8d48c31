import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAC_BATCH_MAX } from '@dcc/contract';
import { EditModal } from '../../../components/list/index.ts';
import { useAddMacs } from './hooks.ts';
import { firstBadMac, macsOfText } from './macText.ts';

interface Props {
  open: boolean;
  onClose(): void;
}

/** Adds MAC addresses, pasted or typed one per line (a column copied from a spreadsheet works), all or none. */
export function AddMacsModal({ open, onClose }: Props) {
  const { t } = useTranslation();
  const add = useAddMacs();
  return (
    <EditModal<{ text: string }>
      draft={open ? { text: '' } : null}
      title={t('deviceBinding.mac.add')}
      onSubmit={({ text }) => add.mutateAsync(macsOfText(text))}
      onClose={onClose}
      doneText={t('deviceBinding.mac.added')}
      testId="mac-add-form"
    >
      <Form.Item
        name="text"
        label={t('deviceBinding.mac.addresses')}
        extra={t('deviceBinding.mac.addHint', { max: MAC_BATCH_MAX })}
        rules={[
          {
            required: true,
            validator: async (_rule, value: string | undefined) => {
              const entries = macsOfText(value ?? '');
              if (entries.length === 0 || entries.length > MAC_BATCH_MAX)
                throw new Error(t('deviceBinding.validation.macs'));
              const bad = firstBadMac(entries);
              if (bad !== undefined) throw new Error(`${bad}: ${t('deviceBinding.validation.mac.format')}`);
            },
          },
        ]}
      >
        <Input.TextArea rows={8} placeholder="3C:A5:08:12:AB:CD" data-testid="mac-add-text" />
      </Form.Item>
    </EditModal>
  );
}
