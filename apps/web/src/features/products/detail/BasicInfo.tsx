import { useState } from 'react';
import { Button, Descriptions, Form, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateProduct, type Product } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { formatTime } from '../../../components/list/index.ts';
import { STALE_VERSION_QUIET, StaleVersionAlert } from '../../../components/StaleVersionAlert.tsx';
import { useMayCall } from '../../../session/mayCall.ts';
import { enumLabel } from '../enums.ts';
import { fromProduct, toProductDraft, type ProductFormValues } from '../form/formValues.ts';
import { ProductInfoFields } from '../form/ProductInfoFields.tsx';
import { ProtocolInfoFields } from '../form/ProtocolInfoFields.tsx';
import { useUpdateProduct } from '../hooks.ts';
import { UploadedImage } from '../../../components/UploadedImage.tsx';
import { shownValue } from '../../../components/emptyValue.ts';

/** The basic-info tab: the product's fields, and an editor for them (the data format stays as created). */
export function BasicInfo({ product }: { product: Product }) {
  const [editing, setEditing] = useState(false);
  // Counts reloads after a stale save: each starts the editor over from the stored product.
  const [loads, setLoads] = useState(0);
  return editing ? (
    <BasicInfoEditor
      key={loads}
      product={product}
      onDone={() => setEditing(false)}
      onReloaded={() => setLoads((count) => count + 1)}
    />
  ) : (
    <BasicInfoView product={product} onEdit={() => setEditing(true)} />
  );
}

function BasicInfoView({ product, onEdit }: { product: Product; onEdit(): void }) {
  const { t } = useTranslation();
  const maker = useMayCall(updateProduct);
  const flag = (on: boolean) => <Tag color={on ? 'green' : 'default'}>{t(on ? 'products.yes' : 'products.no')}</Tag>;
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={2}
        extra={
          maker ? (
            <Button type="primary" onClick={onEdit} data-testid="product-edit">
              {t('products.edit')}
            </Button>
          ) : null
        }
        data-testid="product-basic-info"
      >
        <Descriptions.Item label={t('products.name')}>{product.productName}</Descriptions.Item>
        <Descriptions.Item label={t('products.enName')}>{shownValue(product.productEnName)}</Descriptions.Item>
        <Descriptions.Item label={t('products.productKey')}>
          <code>{product.productKey}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t('products.series')}>{product.seriesName}</Descriptions.Item>
        <Descriptions.Item label={t('products.networkMethod')}>
          {enumLabel(t, 'networkMethod', product.networkMethod)}
        </Descriptions.Item>
        <Descriptions.Item label={t('products.nodeType')}>
          {enumLabel(t, 'nodeType', product.nodeType)}
        </Descriptions.Item>
        <Descriptions.Item label={t('products.centralControl')}>{flag(product.centralControl)}</Descriptions.Item>
        <Descriptions.Item label={t('products.thSensor')}>{flag(product.thSensor)}</Descriptions.Item>
        <Descriptions.Item label={t('products.lockFunction')}>{flag(product.lockFunction)}</Descriptions.Item>
        <Descriptions.Item label={t('products.dataFormat')}>
          {enumLabel(t, 'dataFormat', product.dataFormat)}
        </Descriptions.Item>
        <Descriptions.Item label={t('products.productMessageType')}>
          {enumLabel(t, 'productMessageType', product.productMessageType)}
        </Descriptions.Item>
        <Descriptions.Item label={t('products.protocolType')}>
          {enumLabel(t, 'protocolType', product.protocolType)}
        </Descriptions.Item>
        <Descriptions.Item label={t('products.protocol')}>{shownValue(product.protocolName)}</Descriptions.Item>
        <Descriptions.Item label={t('products.dispatchRule')}>
          {enumLabel(t, 'dispatchRule', product.dispatchRule)}
        </Descriptions.Item>
        <Descriptions.Item label={t('products.thirdPartyPlatform')}>
          {enumLabel(t, 'thirdPartyPlatform', product.thirdPartyPlatform)}
        </Descriptions.Item>
        <Descriptions.Item label={t('products.creator')}>{product.creator}</Descriptions.Item>
        <Descriptions.Item label={t('products.modifier')}>{shownValue(product.modifier)}</Descriptions.Item>
        <Descriptions.Item label={t('list.createTime')}>{formatTime(product.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('list.updateTime')}>{formatTime(product.updateTime)}</Descriptions.Item>
        <Descriptions.Item label={t('products.description')} span={2}>
          {shownValue(product.description)}
        </Descriptions.Item>
        <Descriptions.Item label={t('products.image')} span={2}>
          {product.image ? (
            <UploadedImage url={product.image} width={160} data-testid="product-image-view" />
          ) : (
            t('products.noImage')
          )}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}

function BasicInfoEditor({ product, onDone, onReloaded }: { product: Product; onDone(): void; onReloaded(): void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<ProductFormValues>();
  const update = useUpdateProduct({ quietCodes: STALE_VERSION_QUIET });
  // The version the form was loaded with: a later refetch of the product does not make a stale edit current.
  const [version] = useState(product.version);
  const submit = (values: ProductFormValues) =>
    update.mutate(
      { ...toProductDraft({ ...values, dataFormat: product.dataFormat }), productId: product.productId, version },
      {
        onSuccess: () => {
          void message.success(t('list.saved'));
          onDone();
        },
      },
    );
  return (
    <>
      <StaleVersionAlert error={update.error} onReloaded={onReloaded} />
      <Form<ProductFormValues>
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        initialValues={fromProduct(product)}
        onFinish={submit}
        data-testid="product-edit-form"
      >
        <ProductInfoFields />
        <ProtocolInfoFields dataFormatFixed />
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="product-edit-save">
              {t('products.save')}
            </Button>
            <Button onClick={onDone} data-testid="product-edit-cancel">
              {t('products.cancel')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </>
  );
}
