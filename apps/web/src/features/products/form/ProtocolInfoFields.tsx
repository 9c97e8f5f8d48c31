import { Form, Radio, Select, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATA_FORMATS, productProtocolFields } from '@dcc/contract';
import i18n from '../../../i18n/index.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { enumLabel, enumOptions } from '../enums.ts';
import { useProtocolOptions } from '../hooks.ts';

/** A custom (transparent) product needs its protocol; an Alink product has none (the contract's protocolForFormat rule). */
const protocolForFormat: FormRule = (form) => ({
  validator: async (_rule, value: unknown) => {
    if (form.getFieldValue('dataFormat') === 'custom' && !value)
      throw new Error(i18n.t('catalog.validation.protocolForFormat'));
  },
});

interface Props {
  /** The data format cannot change once a product exists. */
  dataFormatFixed?: boolean;
}

/** Step 2 of productAdd ("protocol info"), also the protocol part of productDetail's editor. */
export function ProtocolInfoFields({ dataFormatFixed = false }: Props) {
  const { t } = useTranslation();
  const protocols = useProtocolOptions();
  const dataFormat = Form.useWatch<string | undefined>('dataFormat');
  return (
    <>
      <Form.Item
        name="dataFormat"
        label={t('products.dataFormat')}
        rules={[zodRule(productProtocolFields.dataFormat)]}
        extra={dataFormatFixed ? t('products.dataFormatFixed') : t('products.dataFormatHelp')}
      >
        <Radio.Group disabled={dataFormatFixed}>
          {DATA_FORMATS.map((format) => (
            <Radio key={format} value={format}>
              <span data-testid={`product-data-format-${format}`}>{enumLabel(t, 'dataFormat', format)}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="protocolType"
        label={t('products.protocolType')}
        rules={[zodRule(productProtocolFields.protocolType)]}
      >
        <Select options={enumOptions(t, 'protocolType')} data-testid="product-protocol-type-select" />
      </Form.Item>
      {dataFormat === 'custom' ? (
        <Form.Item
          name="protocolId"
          label={t('products.protocol')}
          rules={[protocolForFormat]}
          dependencies={['dataFormat']}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('products.protocolPlaceholder')}
            loading={protocols.isLoading}
            options={(protocols.data ?? []).map(({ id, name, code }) => ({ value: id, label: `${name} (${code})` }))}
            notFoundContent={t('products.noProtocols')}
            data-testid="product-protocol-select"
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="dispatchRule"
        label={t('products.dispatchRule')}
        rules={[zodRule(productProtocolFields.dispatchRule)]}
      >
        <Select options={enumOptions(t, 'dispatchRule')} data-testid="product-dispatch-rule-select" />
      </Form.Item>
      <Form.Item
        name="thirdPartyPlatform"
        label={t('products.thirdPartyPlatform')}
        rules={[zodRule(productProtocolFields.thirdPartyPlatform)]}
      >
        <Select options={enumOptions(t, 'thirdPartyPlatform')} data-testid="product-third-party-select" />
      </Form.Item>
    </>
  );
}
