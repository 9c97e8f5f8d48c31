import { Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { binaryItem, enumItem, VALUE_KINDS } from '@dcc/contract';
import { zodRule } from '../../../components/zodRule.ts';
import type { PointFormValues } from './pointForm.ts';
import { ItemRows } from './ItemRows.tsx';

const enumRules = enumItem.shape;
const binaryRules = binaryItem.shape;

/** How the point's value reads: a number, one of its enum items, or named bits; with the item editors. */
export function ValueKindFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PointFormValues>();
  const valueKind = Form.useWatch('valueKind', form);
  return (
    <>
      <Form.Item name="valueKind" label={t('points.valueKind')}>
        <Radio.Group
          options={VALUE_KINDS.map((kind) => ({ value: kind, label: t(`points.kind.${kind}`) }))}
          data-testid="point-value-kind"
        />
      </Form.Item>
      {valueKind === 'enum' && (
        <ItemRows
          name="enumItems"
          emptyKey="catalog.validation.enumEmpty"
          testId="enum-item"
          addLabel={t('points.enumAdd')}
          newItem={() => ({
            value: nextNumber(form.getFieldValue('enumItems'), 'value'),
            label: '',
            enLabel: '',
            description: '',
          })}
          columns={[
            {
              field: 'value',
              label: t('points.enumValue'),
              xs: 24,
              md: 4,
              rules: [zodRule(enumRules.value)],
              testId: 'enum-item-value',
              input: (props) => <InputNumber precision={0} style={{ width: '100%' }} {...props} />,
            },
            {
              field: 'label',
              label: t('points.enumLabel'),
              xs: 24,
              md: 6,
              rules: [zodRule(enumRules.label)],
              testId: 'enum-item-label',
              input: (props) => <Input maxLength={50} {...props} />,
            },
            {
              field: 'enLabel',
              label: t('points.enumEnLabel'),
              xs: 24,
              md: 6,
              rules: [zodRule(enumRules.enLabel)],
              testId: 'enum-item-en-label',
              input: (props) => <Input maxLength={100} {...props} />,
            },
            {
              field: 'description',
              label: t('points.description'),
              xs: 22,
              md: 7,
              rules: [zodRule(enumRules.description)],
              testId: 'enum-item-description',
              input: (props) => <Input maxLength={200} {...props} />,
            },
          ]}
        />
      )}
      {valueKind === 'binary' && (
        <ItemRows
          name="binaryItems"
          emptyKey="catalog.validation.binaryEmpty"
          testId="binary-item"
          addLabel={t('points.binaryAdd')}
          newItem={() => ({
            bit: nextNumber(form.getFieldValue('binaryItems'), 'bit'),
            code: '',
            content: '',
            enContent: '',
          })}
          columns={[
            {
              field: 'bit',
              label: t('points.bit'),
              xs: 24,
              md: 4,
              rules: [zodRule(binaryRules.bit)],
              testId: 'binary-item-bit',
              input: (props) => <InputNumber precision={0} style={{ width: '100%' }} {...props} />,
            },
            {
              field: 'code',
              label: t('points.bitCode'),
              xs: 24,
              md: 5,
              rules: [zodRule(binaryRules.code)],
              testId: 'binary-item-code',
              input: (props) => <Input maxLength={50} {...props} />,
            },
            {
              field: 'content',
              label: t('points.bitContent'),
              xs: 24,
              md: 7,
              rules: [zodRule(binaryRules.content)],
              testId: 'binary-item-content',
              input: (props) => <Input maxLength={100} {...props} />,
            },
            {
              field: 'enContent',
              label: t('points.bitEnContent'),
              xs: 22,
              md: 7,
              rules: [zodRule(binaryRules.enContent)],
              testId: 'binary-item-en-content',
              input: (props) => <Input maxLength={100} {...props} />,
            },
          ]}
        />
      )}
    </>
  );
}

/** One more than the largest number of a field in the rows so far (0 for the first row). */
function nextNumber(rows: unknown, field: string): number {
  const numbers = (Array.isArray(rows) ? rows : [])
    .map((row: Record<string, unknown>) => row[field])
    .filter((value): value is number => typeof value === 'number');
  return numbers.length > 0 ? Math.max(...numbers) + 1 : 0;
}
