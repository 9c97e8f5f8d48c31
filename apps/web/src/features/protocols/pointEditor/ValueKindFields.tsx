import { Button, Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import { useTranslation } from 'react-i18next';
import { binaryItem, enumItem, VALUE_KINDS } from '@dcc/contract';
import { zodRule } from '../../../components/zodRule.ts';
import type { PointFormValues } from './pointForm.ts';
import { atLeastOne } from './listRules.ts';

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
        <Radio.Group options={VALUE_KINDS.map((kind) => ({ value: kind, label: t(`points.kind.${kind}`) }))} data-testid="point-value-kind" />
      </Form.Item>
      {valueKind === 'enum' && (
        <Form.List name="enumItems" rules={[atLeastOne('catalog.validation.enumEmpty')]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <Row key={field.key} gutter={8} align="top" data-testid={`enum-item-${index}`}>
                  <Col xs={24} md={4}>
                    <Form.Item name={[field.name, 'value']} label={index === 0 ? t('points.enumValue') : undefined} rules={[zodRule(enumRules.value)]}>
                      <InputNumber precision={0} style={{ width: '100%' }} placeholder={t('points.enumValue')} data-testid={`enum-item-value-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={6}>
                    <Form.Item name={[field.name, 'label']} label={index === 0 ? t('points.enumLabel') : undefined} rules={[zodRule(enumRules.label)]}>
                      <Input maxLength={50} placeholder={t('points.enumLabel')} data-testid={`enum-item-label-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={6}>
                    <Form.Item name={[field.name, 'enLabel']} label={index === 0 ? t('points.enumEnLabel') : undefined} rules={[zodRule(enumRules.enLabel)]}>
                      <Input maxLength={100} placeholder={t('points.enumEnLabel')} data-testid={`enum-item-en-label-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={22} md={7}>
                    <Form.Item name={[field.name, 'description']} label={index === 0 ? t('points.description') : undefined} rules={[zodRule(enumRules.description)]}>
                      <Input maxLength={200} placeholder={t('points.description')} data-testid={`enum-item-description-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={2} md={1} style={{ paddingTop: index === 0 ? 36 : 6 }}>
                    <MinusCircleOutlined onClick={() => remove(field.name)} aria-label={t('points.removeItem')} data-testid={`enum-item-remove-${index}`} />
                  </Col>
                </Row>
              ))}
              <Form.Item>
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ value: nextNumber(form.getFieldValue('enumItems'), 'value'), label: '', enLabel: '', description: '' })} data-testid="enum-item-add">
                  {t('points.enumAdd')}
                </Button>
                <Form.ErrorList errors={errors} />
              </Form.Item>
            </>
          )}
        </Form.List>
      )}
      {valueKind === 'binary' && (
        <Form.List name="binaryItems" rules={[atLeastOne('catalog.validation.binaryEmpty')]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <Row key={field.key} gutter={8} align="top" data-testid={`binary-item-${index}`}>
                  <Col xs={24} md={4}>
                    <Form.Item name={[field.name, 'bit']} label={index === 0 ? t('points.bit') : undefined} rules={[zodRule(binaryRules.bit)]}>
                      <InputNumber min={0} max={31} precision={0} style={{ width: '100%' }} placeholder={t('points.bit')} data-testid={`binary-item-bit-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item name={[field.name, 'code']} label={index === 0 ? t('points.bitCode') : undefined} rules={[zodRule(binaryRules.code)]}>
                      <Input maxLength={50} placeholder={t('points.bitCode')} data-testid={`binary-item-code-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={22} md={11}>
                    <Form.Item name={[field.name, 'content']} label={index === 0 ? t('points.bitContent') : undefined} rules={[zodRule(binaryRules.content)]}>
                      <Input maxLength={100} placeholder={t('points.bitContent')} data-testid={`binary-item-content-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={2} md={1} style={{ paddingTop: index === 0 ? 36 : 6 }}>
                    <MinusCircleOutlined onClick={() => remove(field.name)} aria-label={t('points.removeItem')} data-testid={`binary-item-remove-${index}`} />
                  </Col>
                </Row>
              ))}
              <Form.Item>
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ bit: nextNumber(form.getFieldValue('binaryItems'), 'bit'), code: '', content: '' })} data-testid="binary-item-add">
                  {t('points.binaryAdd')}
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

/** One more than the largest number of a field in the rows so far (0 for the first row). */
function nextNumber(rows: unknown, field: string): number {
  const numbers = (Array.isArray(rows) ? rows : []).map((row: Record<string, unknown>) => row[field]).filter((value): value is number => typeof value === 'number');
  return numbers.length > 0 ? Math.max(...numbers) + 1 : 0;
}
