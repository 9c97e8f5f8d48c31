import { Col, Form, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { pointFields } from '@dcc/contract';
import { zodRule } from '../../../components/zodRule.ts';
import type { PointFormValues } from './pointForm.ts';

/** The high/low pair: a 32-bit value over the point's own register (high) and another (low), as the protocol engine requires. */
export function HighLowFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PointFormValues>();
  const highLow = Form.useWatch('highLow', form);
  const address = Form.useWatch('address', form);
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Form.Item name="highLow" label={t('points.highLow')} valuePropName="checked">
          <Switch data-testid="point-high-low-switch" />
        </Form.Item>
      </Col>
      {highLow && (
        <>
          <Col xs={24} md={6}>
            <Form.Item label={t('points.highPoint')} extra={t('points.highPointHint')}>
              <InputNumber value={address} disabled style={{ width: '100%' }} data-testid="point-high-point" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="lowPoint"
              label={t('points.lowPoint')}
              dependencies={['address', 'byteLength']}
              rules={[
                zodRule(pointFields.shape.lowPoint),
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: number | null) => {
                    if (typeof value !== 'number' || value === getFieldValue('address'))
                      throw new Error(t('points.lowPointInvalid'));
                    if (getFieldValue('byteLength') !== 4) throw new Error(t('points.highLowByteLength'));
                  },
                }),
              ]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="point-low-point" />
            </Form.Item>
          </Col>
        </>
      )}
    </Row>
  );
}
