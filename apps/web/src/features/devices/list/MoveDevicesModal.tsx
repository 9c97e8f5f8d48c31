import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { moveDevices } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { useFormSubmit } from '../../../components/useFormSubmit.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { MoveTargetSelect } from '../allocation/MoveTargetSelect.tsx';
import { useMoveDevices } from '../hooks.ts';

interface Props {
  open: boolean;
  deviceIds: string[];
  onClose(moved: boolean): void;
}

/** Gives the selected devices to a dealer of the subtree or back to the company itself (moveDevices: all or none). */
export function MoveDevicesModal({ open, deviceIds, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ targetDealerId: string }>();
  const move = useMoveDevices();
  const { submit, submitting } = useFormSubmit(form, async ({ targetDealerId }) => {
    const { moved } = await move.mutateAsync({ deviceIds, targetDealerId });
    void message.success(t('devices.batch.moved', { count: moved }));
    onClose(true);
  });
  return (
    <Modal
      open={open}
      title={t('devices.batch.moveTitle', { count: deviceIds.length })}
      onOk={submit}
      onCancel={() => onClose(false)}
      confirmLoading={submitting}
      okButtonProps={{ 'data-testid': 'move-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="targetDealerId"
          label={t('devices.batch.targetDealer')}
          rules={[zodRule(moveDevices.request.shape.targetDealerId)]}
        >
          <MoveTargetSelect testId="move-dealer" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
