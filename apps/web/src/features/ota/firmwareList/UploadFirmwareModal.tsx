import { Button, Form, Input, Radio, Select, Switch, Upload, type UploadFile } from 'antd';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import { FIRMWARE_TYPES, OTA_CALLS, type FirmwareType, type OtaGeneration } from '@dcc/contract';
import { uploadFileCall } from '../../../api/upload.ts';
import { EditModal, useListMutation } from '../../../components/list/index.ts';
import { useProductChoices } from '../area.ts';
import { chosenFileProblem } from './firmwareFile.ts';

interface Values {
  /** The chosen file, as antd's Upload lists it (at most one). */
  file: UploadFile[];
  productId: string;
  type: FirmwareType;
  version: string;
  softwareCode: string;
  hardwareCode: string;
  supportsUpgrade: boolean;
}

interface Props {
  generation: OtaGeneration;
  listName: string;
  open: boolean;
  onClose(): void;
}

const CODE = /^[A-Za-z0-9._-]{1,32}$/;
const VERSION = /^\d{1,5}(\.\d{1,5}){0,3}$/;

/** Upload of a firmware: a product and a .plcx file must be chosen (a mainboard file at most 512 KB), with its version and codes. */
export function UploadFirmwareModal({ generation, listName, open, onClose }: Props) {
  const { t } = useTranslation();
  const products = useProductChoices();
  // Only the call's fields are sent (the form also holds the file's own field), the file last.
  const upload = useListMutation(listName, (values: Values) =>
    uploadFileCall(
      OTA_CALLS[generation].uploadFirmware,
      {
        productId: values.productId,
        type: values.type,
        version: values.version,
        softwareCode: values.softwareCode,
        hardwareCode: values.hardwareCode,
        supportsUpgrade: values.supportsUpgrade,
      },
      values.file[0]!.originFileObj!,
    ),
  );
  return (
    <EditModal<Values>
      draft={open ? { type: 'mainboard', supportsUpgrade: true } : null}
      title={t('otaCatalog.uploadTitle')}
      onSubmit={(values) => upload.mutateAsync(values)}
      onClose={onClose}
      doneText={t('otaCatalog.uploaded')}
      testId="firmware-upload"
    >
      <Form.Item
        name="productId"
        label={t('otaCatalog.product')}
        rules={[{ required: true, message: t('otaCatalog.productRequired') }]}
      >
        <Select showSearch={{ optionFilterProp: 'label' }} options={products} data-testid="firmware-product" />
      </Form.Item>
      <Form.Item name="type" label={t('otaCatalog.type')}>
        <Radio.Group
          options={FIRMWARE_TYPES.map((type) => ({ value: type, label: t(`otaCatalog.types.${type}`) }))}
          data-testid="firmware-type"
        />
      </Form.Item>
      <Form.Item
        name="version"
        label={t('otaCatalog.version')}
        rules={[{ required: true, pattern: VERSION, message: t('otaCatalog.versionRequired') }]}
      >
        <Input maxLength={20} data-testid="firmware-version" />
      </Form.Item>
      <Form.Item
        name="softwareCode"
        label={t('otaCatalog.softwareCode')}
        rules={[{ required: true, pattern: CODE, message: t('otaCatalog.codeRequired') }]}
      >
        <Input maxLength={32} data-testid="firmware-software-code" />
      </Form.Item>
      <Form.Item
        name="hardwareCode"
        label={t('otaCatalog.hardwareCode')}
        rules={[{ required: true, pattern: CODE, message: t('otaCatalog.codeRequired') }]}
      >
        <Input maxLength={32} data-testid="firmware-hardware-code" />
      </Form.Item>
      <Form.Item name="supportsUpgrade" label={t('otaCatalog.supportsUpgrade')} valuePropName="checked">
        <Switch data-testid="firmware-supports-upgrade" />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('otaCatalog.file')}
        required
        dependencies={['type']}
        extra={t('otaCatalog.fileHint')}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, list: UploadFile[] | undefined) => {
              const chosen = list?.[0]?.originFileObj;
              if (!chosen) return Promise.reject(new Error(t('otaCatalog.fileRequired')));
              const problem = chosenFileProblem(chosen, getFieldValue('type') as FirmwareType);
              return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
            },
          }),
        ]}
      >
        {/* Kept in the form until the upload: nothing is sent before OK. */}
        <Upload accept=".plcx" maxCount={1} beforeUpload={() => false} data-testid="firmware-file">
          <Button icon={<UploadOutlined />} data-testid="firmware-choose">
            {t('otaCatalog.chooseFile')}
          </Button>
        </Upload>
      </Form.Item>
    </EditModal>
  );
}
