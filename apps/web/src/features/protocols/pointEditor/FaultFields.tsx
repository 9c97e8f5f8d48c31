import { Button, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import { useTranslation } from 'react-i18next';
import { faultDefinition, FAULT_LEVELS } from '@dcc/contract';
import { zodRule } from '../../../components/zodRule.ts';
import i18n from '../../../i18n/index.ts';
import type { PointFormValues } from './pointForm.ts';
import { atLeastOne } from './listRules.ts';

const rules = faultDefinition.shape;

/** A fault is active by a bit of the value or by the whole value: exactly one of the two (the protocol engine refuses both). */
const bitOrValue = (index: number) => ({ getFieldValue }: { getFieldValue(name: (string | number)[]): unknown }) => ({
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
        <Form.List name="faultDefinitions" rules={[atLeastOne('catalog.validation.faultEmpty')]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <Row key={field.key} gutter={8} align="top" data-testid={`fault-definition-${index}`}>
                  <Col xs={24} md={5}>
                    <Form.Item name={[field.name, 'faultCode']} label={index === 0 ? t('points.faultCode') : undefined} rules={[zodRule(rules.faultCode)]}>
                      <Input maxLength={20} placeholder={t('points.faultCode')} data-testid={`fault-code-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={4}>
                    <Form.Item name={[field.name, 'level']} label={index === 0 ? t('points.faultLevel') : undefined} rules={[zodRule(rules.level)]}>
                      <Select options={FAULT_LEVELS.map((level) => ({ value: level, label: t(`points.level.${level}`) }))} data-testid={`fault-level-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={3}>
                    <Form.Item name={[field.name, 'bit']} label={index === 0 ? t('points.faultBit') : undefined} dependencies={[['faultDefinitions', field.name, 'value']]} rules={[bitOrValue(field.name)]}>
                      <InputNumber min={0} max={31} precision={0} style={{ width: '100%' }} placeholder={t('points.faultBit')} data-testid={`fault-bit-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={3}>
                    <Form.Item name={[field.name, 'value']} label={index === 0 ? t('points.faultValue') : undefined}>
                      <InputNumber precision={0} style={{ width: '100%' }} placeholder={t('points.faultValue')} data-testid={`fault-value-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={22} md={8}>
                    <Form.Item name={[field.name, 'description']} label={index === 0 ? t('points.description') : undefined} rules={[zodRule(rules.description)]}>
                      <Input maxLength={200} placeholder={t('points.description')} data-testid={`fault-description-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={2} md={1} style={{ paddingTop: index === 0 ? 36 : 6 }}>
                    <MinusCircleOutlined onClick={() => remove(field.name)} aria-label={t('points.removeItem')} data-testid={`fault-definition-remove-${index}`} />
                  </Col>
                </Row>
              ))}
              <Form.Item>
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ faultCode: '', level: 1, bit: null, value: null, description: '' })} data-testid="fault-definition-add">
                  {t('points.faultAdd')}
                </Button>
                <Form.ErrorList errors={errors} />
              </Form.Item>
            </>
          )}
        </Form.List>
      )}
    </>
  );
}
