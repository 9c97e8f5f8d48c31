import { Button, Card, Form, Radio, Space, type FormRule } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { deviceFilter, MAX_FILTER_CONDITIONS, type DeviceFilter } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { ConditionRow } from './ConditionRow.tsx';
import { draftOf, filterOf, type FilterDraft, type FilterField } from './conditionDraft.ts';

interface Props {
  /** The filter the list shows now (restored into the rows). */
  applied: DeviceFilter | null;
  /** The fields offered. */
  fields: readonly FilterField[];
  onApply(filter: DeviceFilter | null): void;
}

/**
 * The device list's filter builder (console-spec section 5): up to six conditions joined by and/or,
 * each row checked by the contract's condition schema and the whole by its filter schema, the ones
 * the server checks the call with.
 */
export function FilterBuilder({ applied, fields, onApply }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<FilterDraft>();
  const rows = Form.useWatch('conditions', form) ?? [];

  const combinatorRule: FormRule = {
    validator: async (_rule, value: unknown) => {
      if (((form.getFieldValue('conditions') as unknown[] | undefined)?.length ?? 0) < 2) return;
      const result = deviceFilter.shape.combinator.safeParse(value);
      if (!result.success) throw new Error(t(result.error.issues[0]?.message ?? 'validation.invalid'));
    },
  };

  const apply = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const { filter, problem } = filterOf(form.getFieldsValue(true) as FilterDraft);
    if (problem) void message.error(t(problem));
    else onApply(filter);
  };
  const clear = () => {
    form.setFieldsValue(draftOf(null));
    onApply(null);
  };

  return (
    <Card size="small" title={t('devices.filter.title')} style={{ marginBottom: 16 }} data-testid="device-filter">
      <Form<FilterDraft> form={form} initialValues={draftOf(applied)} onFinish={() => void apply()}>
        {rows.length > 1 && (
          <Form.Item name="combinator" label={t('devices.filter.combinator')} rules={[combinatorRule]} required>
            <Radio.Group data-testid="filter-combinator">
              <Radio value="and" data-testid="filter-combinator-and">
                {t('devices.filter.and')}
              </Radio>
              <Radio value="or" data-testid="filter-combinator-or">
                {t('devices.filter.or')}
              </Radio>
            </Radio.Group>
          </Form.Item>
        )}
        <Form.List name="conditions">
          {(items, { add, remove }) => (
            <>
              {items.map((row) => (
                <ConditionRow key={row.key} name={row.name} fields={fields} onRemove={() => remove(row.name)} />
              ))}
              <Space>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() =>
                    items.length >= MAX_FILTER_CONDITIONS
                      ? void message.warning(t('devices.validation.filter.tooMany'))
                      : add({})
                  }
                  data-testid="filter-add"
                >
                  {t('devices.filter.add')}
                </Button>
                <Button type="primary" htmlType="submit" data-testid="filter-apply">
                  {t('devices.filter.apply')}
                </Button>
                <Button onClick={clear} data-testid="filter-clear">
                  {t('devices.filter.clear')}
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
