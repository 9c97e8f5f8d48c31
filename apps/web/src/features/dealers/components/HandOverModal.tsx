import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { handOverDealers, type DealerItem } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { useFormSubmit } from '../../../components/useFormSubmit.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useHandOver } from '../hooks.ts';
import { ParentPicker } from './ParentPicker.tsx';

interface Props {
  dealer: DealerItem | null;
  onClose(): void;
}

/** Hand-over: the dealer's sub-dealers, devices and projects move to the chosen dealer. */
export function HandOverModal({ dealer, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ toId: string }>();
  const handOver = useHandOver();
  const { submit, submitting } = useFormSubmit(form, async ({ toId }) => {
    if (!dealer) return;
    const { moved, devices, projects } = await handOver.mutateAsync({ id: dealer.dealersId, toId });
    void message.success(t('dealers.handedOver', { count: moved, devices, projects }));
    onClose();
  });
  return (
    <Modal
      open={dealer !== null}
      title={t('dealers.handOver')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={submitting}
      okButtonProps={{ 'data-testid': 'hand-over-ok' }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('dealers.handOverHint', { name: dealer?.dealersName ?? '' })}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="toId"
          label={t('dealers.handOverTarget')}
          rules={[zodRule(handOverDealers.request.shape.toId)]}
        >
          <ParentPicker handOverFrom={dealer?.dealersId} testId="hand-over-target" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
