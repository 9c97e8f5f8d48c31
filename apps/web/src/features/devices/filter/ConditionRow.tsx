import { Button, Form, Input, InputNumber, Select, Space, type FormRule } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUSES, FAULT_STATES } from '@dcc/contract';
import { AreaPicker } from '../../../components/AreaPicker.tsx';
import { codeNames } from '../../../components/codeNames.ts';
import { ParentPicker } from '../../dealers/components/ParentPicker.tsx';
import { useFilterPoints, useProductOptions } from '../hooks.ts';
import { conditionProblem, SYMBOL_NAMES, symbolsOf, type ConditionDraft, type FilterField } from './conditionDraft.ts';
import { ZonedDatePicker } from '../../../components/time/ZonedPickers.tsx';

interface Props {
  /** The row's name in the builder's Form.List. */
  name: number;
  /** The fields the user may filter by (dealers only with the dealer list's button). */
  fields: readonly FilterField[];
  onRemove(): void;
}

/** One condition of the filter builder: field, condition symbol and value, each checked by the contract's condition schema. */
export function ConditionRow({ name, fields, onRemove }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const row = (Form.useWatch(['conditions', name], form) ?? {}) as ConditionDraft;
  const products = useProductOptions();
  const points = useFilterPoints(row.field === 'addressData' ? row.productId : undefined);
  const testId = (part: string) => `filter-${name}-${part}`;
  const path = (part: keyof ConditionDraft) => [name, part];
  // Every part of a row depends on the others (a city on its province, a point on its product).
  const rule = (...parts: string[]): FormRule => ({
    required: true,
    validator: async () => {
      const problem = conditionProblem(form.getFieldValue(['conditions', name]) as ConditionDraft | undefined, parts);
      if (problem) throw new Error(t(problem));
    },
  });
  const dependencies = (['field', 'symbol', 'value', 'area', 'productId', 'address'] as const).map((part) => [
    'conditions',
    name,
    part,
  ]);
  const item = { dependencies, validateTrigger: ['onChange', 'onBlur'] };

  const chooseField = (field: FilterField) => {
    const symbols = symbolsOf(field);
    form.setFieldValue(['conditions', name], { field, symbol: symbols.length === 1 ? symbols[0] : undefined });
  };
  const productSelect = (part: 'value' | 'productId', parts: string[]) => (
    <Form.Item name={path(part)} rules={[rule(...parts)]} {...item}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 200 }}
        placeholder={t('devices.filter.pickProduct')}
        loading={products.isFetching}
        options={(products.data ?? []).map((product) => ({ value: product.id, label: product.name }))}
        onChange={
          part === 'productId' ? () => form.setFieldValue(['conditions', name, 'address'], undefined) : undefined
        }
        data-testid={testId(part)}
      />
    </Form.Item>
  );
  const symbols = symbolsOf(row.field);
  const symbolSelect = symbols.length > 1 && (
    <Form.Item name={path('symbol')} rules={[rule('symbol')]} {...item}>
      <Select
        style={{ width: 130 }}
        placeholder={t('devices.filter.symbol')}
        options={symbols.map((symbol) => ({
          value: symbol,
          label: t(`devices.filter.symbol.${SYMBOL_NAMES[symbol]}`),
        }))}
        data-testid={testId('symbol')}
      />
    </Form.Item>
  );

  const valueInput = () => {
    switch (row.field) {
      case undefined:
        return null;
      case 'productId':
        return productSelect('value', ['value']);
      case 'dealersId':
        return (
          <Form.Item name={path('value')} rules={[rule('value')]} {...item} style={{ width: 240 }}>
            <ParentPicker testId={testId('value')} />
          </Form.Item>
        );
      case 'deviceStatus':
      case 'fault': {
        const choices: { value: string; label: string }[] =
          row.field === 'fault'
            ? FAULT_STATES.map((state) => ({ value: state, label: t(`devices.fault.${state}`) }))
            : DEVICE_STATUSES.map((status) => ({ value: status, label: codeNames.deviceStatus(t, status) }));
        return (
          <Form.Item name={path('value')} rules={[rule('value')]} {...item}>
            <Select
              style={{ width: 160 }}
              placeholder={t('devices.filter.value')}
              options={choices}
              data-testid={testId('value')}
            />
          </Form.Item>
        );
      }
      case 'faultStartTime':
        return (
          <Form.Item name={path('value')} rules={[rule('value')]} {...item}>
            <ZonedDatePicker showTime placeholder={t('devices.filter.pickTime')} data-testid={testId('value')} />
          </Form.Item>
        );
      case 'area':
        return (
          <Form.Item name={path('area')} rules={[rule('province', 'city')]} {...item} style={{ width: 260 }}>
            <AreaPicker placeholder={t('devices.filter.pickArea')} testId={testId('area')} />
          </Form.Item>
        );
      case 'addressData':
        return (
          <>
            {productSelect('productId', ['productId'])}
            <Form.Item name={path('address')} rules={[rule('address')]} {...item}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 200 }}
                disabled={!row.productId}
                placeholder={t(
                  row.productId ? 'devices.filter.pickPoint' : 'devices.validation.filter.parameterProduct',
                )}
                loading={points.isFetching}
                options={(points.data ?? []).map((point) => ({
                  value: point.address,
                  label: `${point.address} ${point.name}${point.unit ? ` (${point.unit})` : ''}`,
                }))}
                data-testid={testId('address')}
              />
            </Form.Item>
            {symbolSelect}
            <Form.Item name={path('value')} rules={[rule('value')]} {...item}>
              <InputNumber
                style={{ width: 120 }}
                placeholder={t('devices.filter.value')}
                data-testid={testId('value')}
              />
            </Form.Item>
          </>
        );
      default:
        return (
          <Form.Item name={path('value')} rules={[rule('value')]} {...item}>
            <Input
              allowClear
              maxLength={64}
              style={{ width: 200 }}
              placeholder={t(
                row.field === 'faultCode' ? 'devices.filter.faultCodePlaceholder' : 'devices.filter.value',
              )}
              data-testid={testId('value')}
            />
          </Form.Item>
        );
    }
  };

  return (
    // One condition per line.
    <div data-testid={`filter-row-${name}`}>
      <Space align="start" wrap>
        <Form.Item name={path('field')} rules={[rule('field')]} {...item}>
          <Select<FilterField>
            style={{ width: 170 }}
            // Fourteen fields: all rendered, none hidden behind virtual scrolling.
            virtual={false}
            placeholder={t('devices.filter.field')}
            options={fields.map((field) => ({ value: field, label: t(`devices.filter.field.${field}`) }))}
            onChange={chooseField}
            data-testid={testId('field')}
          />
        </Form.Item>
        {row.field !== 'addressData' && symbolSelect}
        {valueInput()}
        <Button
          type="text"
          icon={<DeleteOutlined />}
          onClick={onRemove}
          aria-label={t('devices.filter.remove')}
          data-testid={testId('remove')}
        />
      </Space>
    </div>
  );
}
