import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DealerItem } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { useHandOver } from '../hooks.ts';
import { ParentPicker } from './ParentPicker.tsx';

interface Props {
  dealer: DealerItem | null;
  onClose(): void;
}

/** Hand-over: the dealer's sub-dealers (and later its devices) move to the chosen dealer. */
export function HandOverModal({ dealer, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ toId: string }>();
  const handOver = useHandOver();
  const submit = async () => {
    const { toId } = await form.validateFields();
    if (!dealer) return;
    handOver.mutate({ id: dealer.dealersId, toId }, {
      onSuccess: ({ moved }) => {
        void message.success(t('dealers.handedOver', { count: moved }));
        onClose();
      },
    });
  };
  return (
    <Modal open={dealer !== null} title={t('dealers.handOver')} onOk={() => void submit()} onCancel={onClose} confirmLoading={handOver.isPending} okButtonProps={{ 'data-testid': 'hand-over-ok' }} destroyOnHidden>
      <Typography.Paragraph>{t('dealers.handOverHint', { name: dealer?.dealersName ?? '' })}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="toId" label={t('dealers.handOverTarget')} rules={[{ required: true, message: t('dealers.handOverTargetRequired') }]}>
          <ParentPicker handOverFrom={dealer?.dealersId} testId="hand-over-target" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
