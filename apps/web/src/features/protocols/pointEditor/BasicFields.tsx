import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { BYTE_LENGTHS, POINT_MODES, pointFields, type DataTypeRecord } from '@dcc/contract';
import { zodRule } from '../../../components/zodRule.ts';
import { useLocalName } from '../../../i18n/useLocalName.ts';
import { dataTypeOptions } from './dataTypeOptions.ts';

// The server's own field rules, so the console shows the same messages.
const rules = pointFields.shape;

/** The point's switches, by field. */
const FLAGS = ['vendorParam', 'basicInfo', 'endUserDisplay', 'clientParam', 'hidden'] as const;

/** Identity, register, data type, formulas, range and texts of a point. */
export function BasicFields({ dataTypes }: { dataTypes: readonly DataTypeRecord[] }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const dataTypeId = Form.useWatch<string | undefined>('dataTypeId');
  const dataType = dataTypes.find((type) => type.dataTypeId === dataTypeId);
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="address" label={t('points.address')} rules={[zodRule(rules.address)]}>
            <InputNumber precision={0} style={{ width: '100%' }} data-testid="point-address" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="pointCode" label={t('points.code')} rules={[zodRule(rules.pointCode)]}>
            <Input maxLength={50} data-testid="point-code" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="mode" label={t('points.mode')} rules={[zodRule(rules.mode)]}>
            <Select
              options={POINT_MODES.map((mode) => ({ value: mode, label: t(`points.modeName.${mode}`) }))}
              data-testid="point-mode-select"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="pointName" label={t('points.name')} rules={[zodRule(rules.pointName)]}>
            <Input maxLength={50} data-testid="point-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="pointEnName" label={t('points.enName')} rules={[zodRule(rules.pointEnName)]}>
            <Input maxLength={100} data-testid="point-en-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="byteLength" label={t('points.byteLength')} rules={[zodRule(rules.byteLength)]}>
            <Select
              options={BYTE_LENGTHS.map((length) => ({ value: length, label: String(length) }))}
              data-testid="point-byte-length"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="dataTypeId"
            label={t('points.dataType')}
            rules={[zodRule(rules.dataTypeId)]}
            extra={
              dataType &&
              t('points.dataTypeRules', {
                report: dataType.reportRule || 'x',
                send: dataType.sendRule || 'x',
                signed: t(dataType.signed ? 'points.signed' : 'points.unsigned'),
              })
            }
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={dataTypeOptions(localName, dataTypes, t('points.rawInteger'))}
              data-testid="point-data-type"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="codeClass" label={t('points.codeClass')} rules={[zodRule(rules.codeClass)]}>
            <Input maxLength={30} data-testid="point-code-class" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="reportFormula"
            label={t('points.reportFormula')}
            rules={[zodRule(rules.reportFormula)]}
            extra={t('points.formulaHint')}
          >
            <Input maxLength={200} data-testid="point-report-formula" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sendFormula" label={t('points.sendFormula')} rules={[zodRule(rules.sendFormula)]}>
            <Input maxLength={200} data-testid="point-send-formula" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="valueRange"
            label={t('points.valueRange')}
            rules={[zodRule(rules.valueRange)]}
            extra={t('points.valueRangeHint')}
          >
            <Input maxLength={50} placeholder="0..100" data-testid="point-value-range" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="unit" label={t('points.unit')} rules={[zodRule(rules.unit)]}>
            <Input maxLength={20} data-testid="point-unit" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name="enUnit"
            label={t('points.enUnit')}
            rules={[zodRule(rules.enUnit)]}
            tooltip={t('points.enUnitHint')}
          >
            <Input maxLength={20} data-testid="point-en-unit" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="defaultValue" label={t('points.defaultValue')}>
            <InputNumber style={{ width: '100%' }} data-testid="point-default-value" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="description" label={t('points.description')} rules={[zodRule(rules.description)]}>
            <Input.TextArea maxLength={200} rows={2} data-testid="point-description" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="enDescription" label={t('points.enDescription')} rules={[zodRule(rules.enDescription)]}>
            <Input.TextArea maxLength={400} rows={2} data-testid="point-en-description" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {FLAGS.map((flag) => (
          <Col key={flag} xs={12} md={4}>
            <Form.Item name={flag} label={t(`points.flag.${flag}`)} valuePropName="checked">
              <Switch data-testid={`point-flag-${flag}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
}
