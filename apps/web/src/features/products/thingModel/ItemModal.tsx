import { useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTypeFields } from './DataTypeFields.tsx';
import { issueText } from './issueText.ts';
import { parseItem, type AnyThingItem, type ItemFormValues, type ItemKind } from './items.ts';
import { ParamList } from './ParamList.tsx';

/** An open item dialog: which list, the values to start from, and the item's place when editing. */
export interface ItemDraft {
  kind: ItemKind;
  values: ItemFormValues;
  /** Index of the edited item; undefined when adding. */
  index?: number;
}

interface Props {
  draft: ItemDraft | null;
  /** Identifiers already used by the other items of the same list. */
  takenIdentifiers: readonly string[];
  onSave(kind: ItemKind, item: AnyThingItem, index: number | undefined): void;
  onClose(): void;
}

/** Adds or edits one property, event or service of the draft; the contract's rules check it before it joins the draft. */
export function ItemModal({ draft, takenIdentifiers, onSave, onClose }: Props) {
  const { t } = useTranslation();
  // Untyped: issue paths of the schema are set as field names.
  const [form] = Form.useForm();
  const [problem, setProblem] = useState('');
  const kind = draft?.kind ?? 'properties';
  const submit = () => {
    setProblem('');
    const values = form.getFieldsValue(true) as ItemFormValues;
    const parsed = parseItem(kind, values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = issueText(t, issue);
      form.setFields(
        parsed.error.issues.map((one) => ({ name: one.path as (string | number)[], errors: [issueText(t, one)] })),
      );
      setProblem(issue && issue.path.length > 0 ? `${issue.path.join('.')}: ${message}` : message);
      return;
    }
    if (takenIdentifiers.includes(parsed.data.identifier)) {
      form.setFields([{ name: 'identifier', errors: [t('catalog.validation.identifierTaken')] }]);
      return;
    }
    onSave(kind, parsed.data, draft?.index);
  };
  const title = t(draft?.index === undefined ? `thingModel.add.${kind}` : `thingModel.edit.${kind}`);
  return (
    <Modal
      open={draft !== null}
      title={title}
      onOk={submit}
      onCancel={onClose}
      width={720}
      okButtonProps={{ 'data-testid': 'modal-ok' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={draft?.values}
        onValuesChange={() => setProblem('')}
        data-testid="thing-model-item-form"
      >
        <Form.Item name="identifier" label={t('thingModel.identifier')} extra={t('thingModel.identifierRule')}>
          <Input maxLength={50} data-testid="thing-model-identifier" />
        </Form.Item>
        <Form.Item name="name" label={t('thingModel.itemName')}>
          <Input maxLength={50} data-testid="thing-model-name" />
        </Form.Item>
        <Form.Item name="enName" label={t('thingModel.itemEnName')}>
          <Input maxLength={100} data-testid="thing-model-en-name" />
        </Form.Item>
        {kind === 'properties' ? (
          <>
            <Form.Item name="accessMode" label={t('thingModel.accessMode')}>
              <Radio.Group
                options={[
                  { value: 'r', label: t('thingModel.access.r') },
                  { value: 'rw', label: t('thingModel.access.rw') },
                ]}
              />
            </Form.Item>
            <Form.Item name="required" label={t('thingModel.required')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <DataTypeFields name={['dataType']} rootName={['dataType']} testId="thing-model-data-type" />
          </>
        ) : null}
        {kind === 'events' ? (
          <>
            <Form.Item name="type" label={t('thingModel.eventType')}>
              <Radio.Group
                options={(['info', 'alert', 'error'] as const).map((value) => ({
                  value,
                  label: t(`thingModel.event.${value}`),
                }))}
              />
            </Form.Item>
            <ParamList name="outputData" label={t('thingModel.outputData')} />
          </>
        ) : null}
        {kind === 'services' ? (
          <>
            <Form.Item name="callType" label={t('thingModel.callType')}>
              <Radio.Group
                options={(['sync', 'async'] as const).map((value) => ({ value, label: t(`thingModel.call.${value}`) }))}
              />
            </Form.Item>
            <ParamList name="inputData" label={t('thingModel.inputData')} />
            <ParamList name="outputData" label={t('thingModel.outputData')} />
          </>
        ) : null}
        <Form.Item name="description" label={t('thingModel.description')}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="enDescription" label={t('thingModel.enDescription')}>
          <Input.TextArea rows={2} maxLength={200} showCount data-testid="thing-model-en-description" />
        </Form.Item>
        {problem ? <Alert type="error" showIcon title={problem} data-testid="thing-model-item-error" /> : null}
      </Form>
    </Modal>
  );
}
