import { useState } from 'react';
import { Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDevice, listDealers, type CallRequest } from '@dcc/contract';
import { AreaPicker } from '../../../components/AreaPicker.tsx';
import { useFormSubmit } from '../../../components/useFormSubmit.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { useMayCall } from '../../../session/mayCall.ts';
import { ParentPicker } from '../../dealers/components/ParentPicker.tsx';
import { cityLevel } from '../filter/conditionDraft.ts';
import { useAddDevice, useProductOptions } from '../hooks.ts';
import { SecretOnce } from './SecretOnce.tsx';

type Values = Omit<CallRequest<typeof addDevice>, 'provinceCode' | 'cityCode'> & { area?: string[] };
const shape = addDevice.request.shape;

/** The single add form: the device's fields checked by addDevice's schema; the new device's secret shown once. */
export function AddDeviceForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const products = useProductOptions();
  const mayPickDealer = useMayCall(listDealers);
  const add = useAddDevice();
  const [added, setAdded] = useState<{ deviceCode: string; deviceSecret: string } | null>(null);
  const { submit, submitting } = useFormSubmit(
    form,
    async ({ area, ownerDealerId, ...values }) => {
      const device = await add.mutateAsync({
        ...values,
        ownerDealerId: ownerDealerId || undefined,
        provinceCode: area?.[0] ?? '',
        cityCode: cityLevel(area?.[1]) ?? '',
      });
      setAdded({ deviceCode: device.deviceCode, deviceSecret: device.deviceSecret });
      form.resetFields();
    },
    // The server names the division codes; the form holds them in one picker.
    (field) => (field === 'provinceCode' || field === 'cityCode' ? ['area'] : field ? field.split('.') : null),
  );
  return (
    <Card>
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        data-testid="add-device-form"
      >
        <Form.Item name="deviceCode" label={t('devices.deviceCode')} rules={[zodRule(shape.deviceCode)]}>
          <Input maxLength={64} data-testid="add-deviceCode" />
        </Form.Item>
        <Form.Item name="deviceName" label={t('devices.deviceName')} rules={[zodRule(shape.deviceName)]}>
          <Input maxLength={50} data-testid="add-deviceName" />
        </Form.Item>
        <Form.Item name="productId" label={t('devices.product')} rules={[zodRule(shape.productId)]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={products.isFetching}
            options={(products.data ?? []).map((product) => ({ value: product.id, label: product.name }))}
            data-testid="add-productId"
          />
        </Form.Item>
        <Form.Item name="sn" label={t('devices.sn')} rules={[zodRule(shape.sn)]}>
          <Input maxLength={64} data-testid="add-sn" />
        </Form.Item>
        <Form.Item name="model" label={t('devices.model')} rules={[zodRule(shape.model)]}>
          <Input maxLength={64} data-testid="add-model" />
        </Form.Item>
        {mayPickDealer && (
          <Form.Item name="ownerDealerId" label={t('devices.dealer')} initialValue="">
            <ParentPicker includeCurrent testId="add-dealer" />
          </Form.Item>
        )}
        <Form.Item name="area" label={t('devices.area')}>
          <AreaPicker testId="add-area" />
        </Form.Item>
        <Form.Item name="address" label={t('devices.address')} rules={[zodRule(shape.address)]}>
          <Input maxLength={200} data-testid="add-address" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Button type="primary" loading={submitting} onClick={submit} data-testid="add-submit">
            {t('devices.addSubmit')}
          </Button>
        </Form.Item>
      </Form>
      <SecretOnce device={added} onClose={() => setAdded(null)} />
    </Card>
  );
}
