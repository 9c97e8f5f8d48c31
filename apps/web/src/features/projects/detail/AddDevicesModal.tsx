import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceSelectionField } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { useFormSubmit } from '../../../components/useFormSubmit.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useAddDevices } from '../hooks.ts';
import { DevicePicker } from './DevicePicker.tsx';

interface Props {
  projectId: string;
  open: boolean;
  onClose(): void;
}

/** addDeviceToProject: picked devices join the project, all or none; a refusal of section 5 shows the server's message. */
export function AddDevicesModal({ projectId, open, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ deviceIds: string[] }>();
  const add = useAddDevices(projectId);
  const { submit, submitting } = useFormSubmit(form, async ({ deviceIds }) => {
    await add.mutateAsync(deviceIds);
    void message.success(t('projectsPage.devices.added', { count: deviceIds.length }));
    form.resetFields();
    onClose();
  });
  return (
    <Modal
      open={open}
      title={t('projectsPage.devices.add')}
      okText={t('projectsPage.devices.addOk')}
      cancelText={t('list.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={submitting}
      okButtonProps={{ 'data-testid': 'project-add-devices-ok' }}
      destroyOnHidden
      data-testid="project-add-devices"
    >
      <Form form={form} layout="vertical" initialValues={{ deviceIds: [] }}>
        <Form.Item name="deviceIds" label={t('projectsPage.devices.pick')} rules={[zodRule(deviceSelectionField)]}>
          <DevicePicker projectId={projectId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
