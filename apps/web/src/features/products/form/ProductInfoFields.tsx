import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { productInfoFields } from '@dcc/contract';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { zodRule } from '../../../components/zodRule.ts';
import { enumOptions } from '../enums.ts';
import { useSeriesOptions } from '../hooks.ts';

/** The names of step 1's fields, to check them before going to step 2. */
export const PRODUCT_INFO_NAMES = [
  'productName',
  'productEnName',
  'seriesId',
  'networkMethod',
  'nodeType',
  'centralControl',
  'thSensor',
  'lockFunction',
  'description',
  'image',
] as const;

/** Step 1 of productAdd ("improve product info"), also the basic-info editor of productDetail; the server's own rules. */
export function ProductInfoFields() {
  const { t } = useTranslation();
  const series = useSeriesOptions();
  return (
    <>
      <Form.Item
        name="productName"
        label={t('products.name')}
        rules={[zodRule(productInfoFields.productName)]}
        extra={t('products.nameRule')}
      >
        <Input maxLength={30} placeholder={t('products.namePlaceholder')} data-testid="product-name-input" />
      </Form.Item>
      <Form.Item name="productEnName" label={t('products.enName')} rules={[zodRule(productInfoFields.productEnName)]}>
        <Input maxLength={60} placeholder={t('products.enNamePlaceholder')} data-testid="product-en-name-input" />
      </Form.Item>
      <Form.Item name="seriesId" label={t('products.series')} rules={[zodRule(productInfoFields.seriesId)]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('products.seriesPlaceholder')}
          loading={series.isLoading}
          options={(series.data ?? []).map(({ id, name }) => ({ value: id, label: name }))}
          notFoundContent={t('products.noSeries')}
          data-testid="product-series-select"
        />
      </Form.Item>
      <Form.Item
        name="networkMethod"
        label={t('products.networkMethod')}
        rules={[zodRule(productInfoFields.networkMethod)]}
      >
        <Select
          placeholder={t('products.choose')}
          options={enumOptions(t, 'networkMethod')}
          data-testid="product-network-select"
        />
      </Form.Item>
      <Form.Item name="nodeType" label={t('products.nodeType')} rules={[zodRule(productInfoFields.nodeType)]}>
        <Select
          placeholder={t('products.choose')}
          options={enumOptions(t, 'nodeType')}
          data-testid="product-node-type-select"
        />
      </Form.Item>
      <Form.Item name="centralControl" label={t('products.centralControl')} valuePropName="checked">
        <Switch data-testid="product-central-control" />
      </Form.Item>
      <Form.Item name="thSensor" label={t('products.thSensor')} valuePropName="checked">
        <Switch data-testid="product-th-sensor" />
      </Form.Item>
      <Form.Item name="lockFunction" label={t('products.lockFunction')} valuePropName="checked">
        <Switch data-testid="product-lock-function" />
      </Form.Item>
      <Form.Item name="description" label={t('products.description')} rules={[zodRule(productInfoFields.description)]}>
        <Input.TextArea rows={3} maxLength={200} showCount data-testid="product-description" />
      </Form.Item>
      <Form.Item name="image" label={t('products.image')} rules={[zodRule(productInfoFields.image)]}>
        <ImageUpload label={t('products.uploadImage')} testId="product-image" />
      </Form.Item>
    </>
  );
}
