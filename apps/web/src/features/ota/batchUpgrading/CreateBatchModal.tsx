import { Alert, Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditModal } from '../../../components/list/index.ts';
import { useCreateBatch, useUpgradableFirmware } from './useBatchTasks.ts';

interface Props {
  open: boolean;
  onClose(): void;
}

/** A new 4G batch upgrade task: a firmware that supports upgrades, enabled now or later. */
export function CreateBatchModal({ open, onClose }: Props) {
  const { t } = useTranslation();
  const create = useCreateBatch();
  const firmware = useUpgradableFirmware(open);
  return (
    <EditModal<{ firmwareId: string; enabled: boolean }>
      draft={open ? { enabled: true } : null}
      title={t('otaCatalog.batchCreateTitle')}
      onSubmit={(values) => create.mutateAsync(values)}
      onClose={onClose}
      doneText={t('otaCatalog.batchCreated')}
      testId="batch-create"
    >
      <Alert type="info" showIcon message={t('otaCatalog.batchHint')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="firmwareId"
        label={t('otaCatalog.firmware')}
        rules={[{ required: true, message: t('otaCatalog.firmwareRequired') }]}
      >
        <Select showSearch={{ optionFilterProp: 'label' }} options={firmware} data-testid="batch-firmware" />
      </Form.Item>
      <Form.Item name="enabled" label={t('otaCatalog.enableNow')} valuePropName="checked">
        <Switch data-testid="batch-enabled" />
      </Form.Item>
    </EditModal>
  );
}
