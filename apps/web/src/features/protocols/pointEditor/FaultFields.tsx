import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { faultDefinition, FAULT_LEVELS } from '@dcc/contract';
import { zodRule } from '../../../components/zodRule.ts';
import i18n from '../../../i18n/index.ts';
import type { PointFormValues } from './pointForm.ts';
import { ItemRows } from './ItemRows.tsx';

const rules = faultDefinition.shape;

/** A fault is active by a bit of the value or by the whole value: exactly one of the two (the protocol engine refuses both). */
const bitOrValue =
  (index: number) =>
  ({ getFieldValue }: { getFieldValue(name: (string | number)[]): unknown }) => ({
    validator: async () => {
      const hasBit = typeof getFieldValue(['faultDefinitions', index, 'bit']) === 'number';
      const hasValue = typeof getFieldValue(['faultDefinitions', index, 'value']) === 'number';
      if (!hasBit && !hasValue) throw new Error(i18n.t('catalog.validation.faultBitOrValue'));
      if (hasBit && hasValue) throw new Error(i18n.t('points.faultBitAndValue'));
    },
  });

/** The fault-type switch and, when on, the fault definitions (fault code, level 0-3, bit or value, description). */
export function FaultFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PointFormValues>();
  const faultType = Form.useWatch('faultType', form);
  return (
    <>
      <Form.Item name="faultType" label={t('points.flag.faultType')} valuePropName="checked">
        <Switch data-testid="fault-type-switch" />
      </Form.Item>
      {faultType && (
        <ItemRows
          name="faultDefinitions"
          emptyKey="catalog.validation.faultEmpty"
          testId="fault-definition"
          addLabel={t('points.faultAdd')}
          newItem={() => ({ faultCode: '', level: 1, bit: null, value: null, description: '', enDescription: '' })}
          columns={[
            {
              field: 'faultCode',
              label: t('points.faultCode'),
              xs: 24,
              md: 5,
              rules: [zodRule(rules.faultCode)],
              testId: 'fault-code',
              input: (props) => <Input maxLength={20} {...props} />,
            },
            {
              field: 'level',
              label: t('points.faultLevel'),
              xs: 24,
              md: 4,
              rules: [zodRule(rules.level)],
              testId: 'fault-level',
              // A select shows its value, not a placeholder.
              input: ({ 'data-testid': testId }) => (
                <Select
                  options={FAULT_LEVELS.map((level) => ({ value: level, label: t(`points.level.${level}`) }))}
                  data-testid={testId}
                />
              ),
            },
            {
              field: 'bit',
              label: t('points.faultBit'),
              xs: 12,
              md: 3,
              rules: (row) => [bitOrValue(row)],
              dependencies: (row) => [['faultDefinitions', row, 'value']],
              testId: 'fault-bit',
              input: (props) => <InputNumber precision={0} style={{ width: '100%' }} {...props} />,
            },
            {
              field: 'value',
              label: t('points.faultValue'),
              xs: 12,
              md: 3,
              testId: 'fault-value',
              input: (props) => <InputNumber precision={0} style={{ width: '100%' }} {...props} />,
            },
            {
              field: 'description',
              label: t('points.description'),
              xs: 11,
              md: 4,
              rules: [zodRule(rules.description)],
              testId: 'fault-description',
              input: (props) => <Input maxLength={200} {...props} />,
            },
            {
              field: 'enDescription',
              label: t('points.enDescription'),
              xs: 11,
              md: 4,
              rules: [zodRule(rules.enDescription)],
              testId: 'fault-en-description',
              input: (props) => <Input maxLength={200} {...props} />,
            },
          ]}
        />
      )}
    </>
  );
}
