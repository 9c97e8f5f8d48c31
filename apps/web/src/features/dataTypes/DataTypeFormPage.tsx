import { useState } from 'react';
import { Button, Card, Empty, Form, Input, InputNumber, Space, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { RULE_MAX_LENGTH, updateDataType } from '@dcc/contract';
import { useFeedback } from '../../app/feedback.tsx';
import { useFormSubmit } from '../../components/useFormSubmit.ts';
import { zodRule } from '../../components/zodRule.ts';
import { loadFormulaCompiler, previewProblem, previewRules } from './formulaPreview.ts';
import { RulePreview } from './RulePreview.tsx';
import { DATA_TYPE_PAGE, useDataType, useSaveDataType, type DataTypeDraft } from './hooks.ts';

// The server's own field rules, so the console shows the same messages.
const rules = updateDataType.request.shape;
const EMPTY: DataTypeDraft = {
  dataTypeName: '',
  dataTypeEnName: '',
  reportRule: '',
  sendRule: '',
  description: '',
  signed: false,
  sortOrder: 0,
};
const SAMPLE_RAW = 215;

/** dataTypeAdd and dataTypeEdit/:dataTypeId: name, report and send parse rules with a live preview, description, signed, sort order. */
export default function DataTypeFormPage() {
  const { t } = useTranslation();
  const { dataTypeId } = useParams();
  const existing = useDataType(dataTypeId ?? '');
  if (!dataTypeId) return <DataTypeForm initial={EMPTY} />;
  if (!existing.data) {
    const missing = existing.isError || (existing.isSuccess && existing.data === null);
    return <Card loading={existing.isLoading}>{missing && <Empty description={t('dataTypes.notFound')} />}</Card>;
  }
  const { dataTypeName, dataTypeEnName, reportRule, sendRule, description, signed, sortOrder } = existing.data;
  return (
    <DataTypeForm
      dataTypeId={dataTypeId}
      initial={{ dataTypeName, dataTypeEnName, reportRule, sendRule, description, signed, sortOrder }}
    />
  );
}

function DataTypeForm({ dataTypeId, initial }: { dataTypeId?: string; initial: DataTypeDraft }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<DataTypeDraft>();
  const save = useSaveDataType(dataTypeId);
  const [sampleRaw, setSampleRaw] = useState<number>(SAMPLE_RAW);
  const reportRule = Form.useWatch('reportRule', form) ?? '';
  const sendRule = Form.useWatch('sendRule', form) ?? '';
  const back = () => navigate(DATA_TYPE_PAGE);
  // A rule the server refuses (it names it) shows on its field; other refusals are toasted by the API client.
  const { submit, submitting } = useFormSubmit(form, async (values) => {
    await save.mutateAsync(values);
    void message.success(t('list.saved'));
    back();
  });
  // Save is refused while the preview calls a rule invalid: the same check, on the same sample.
  const previewRule =
    (rule: 'report' | 'send'): FormRule =>
    ({ getFieldValue }) => ({
      validator: async () => {
        const preview = previewRules(
          await loadFormulaCompiler(),
          getFieldValue('reportRule') ?? '',
          getFieldValue('sendRule') ?? '',
          sampleRaw,
        );
        const result = preview[rule];
        if (!result.ok) throw new Error(previewProblem(t, result));
      },
    });
  return (
    <Card title={dataTypeId ? t('dataTypes.edit') : t('dataTypes.add')}>
      <Form<DataTypeDraft>
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        initialValues={initial}
        onFinish={submit}
        data-testid="data-type-form"
      >
        <Form.Item name="dataTypeName" label={t('dataTypes.name')} rules={[zodRule(rules.dataTypeName)]}>
          <Input maxLength={30} placeholder={t('dataTypes.namePlaceholder')} data-testid="data-type-name-input" />
        </Form.Item>
        <Form.Item name="dataTypeEnName" label={t('dataTypes.enName')} rules={[zodRule(rules.dataTypeEnName)]}>
          <Input maxLength={60} data-testid="data-type-en-name-input" />
        </Form.Item>
        <Form.Item
          name="reportRule"
          label={t('dataTypes.reportRule')}
          rules={[zodRule(rules.reportRule), previewRule('report')]}
          extra={t('dataTypes.reportRuleHelp')}
        >
          <Input maxLength={RULE_MAX_LENGTH} placeholder="x / 10" data-testid="data-type-report-rule" />
        </Form.Item>
        <Form.Item
          name="sendRule"
          label={t('dataTypes.sendRule')}
          rules={[zodRule(rules.sendRule), previewRule('send')]}
          dependencies={['reportRule']}
          extra={t('dataTypes.sendRuleHelp')}
        >
          <Input maxLength={RULE_MAX_LENGTH} placeholder="x * 10" data-testid="data-type-send-rule" />
        </Form.Item>
        <Form.Item label={t('dataTypes.preview')}>
          <Space align="start" wrap>
            <InputNumber
              value={sampleRaw}
              onChange={(value) => setSampleRaw(value ?? 0)}
              addonBefore={t('dataTypes.sampleRaw')}
              data-testid="data-type-sample-raw"
            />
            <RulePreview reportRule={reportRule} sendRule={sendRule} raw={sampleRaw} />
          </Space>
        </Form.Item>
        <Form.Item name="description" label={t('dataTypes.description')} rules={[zodRule(rules.description)]}>
          <Input.TextArea maxLength={200} rows={3} showCount data-testid="data-type-description" />
        </Form.Item>
        <Form.Item
          name="signed"
          label={t('dataTypes.signed')}
          valuePropName="checked"
          extra={t('dataTypes.signedHelp')}
        >
          <Switch data-testid="data-type-signed" />
        </Form.Item>
        <Form.Item
          name="sortOrder"
          label={t('dataTypes.sortOrder')}
          rules={[zodRule(rules.sortOrder)]}
          extra={t('dataTypes.sortOrderHelp')}
        >
          <InputNumber precision={0} data-testid="data-type-sort-order" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={submitting} data-testid="data-type-submit">
              {t('dataTypes.save')}
            </Button>
            <Button onClick={back}>{t('dataTypes.back')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
