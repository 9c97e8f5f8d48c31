import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { THING_DATA_TYPES } from '@dcc/contract';

type NamePath = (string | number)[];

interface Props {
  /** The data type's name relative to the enclosing Form.List item (or the form). */
  name: NamePath;
  /** The same name from the form's root, to read the chosen type. */
  rootName: NamePath;
  testId: string;
}

const NUMERIC = new Set(['int', 'float', 'double']);

/** A thing-model data type: type, then range/step/unit for numbers, value labels for enum and bool, length for text. */
export function DataTypeFields({ name, rootName, testId }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={[...name, 'type']} label={t('thingModel.dataType')}>
        <Select
          style={{ width: 160 }}
          placeholder={t('thingModel.chooseType')}
          options={THING_DATA_TYPES.map((type) => ({ value: type, label: t(`thingModel.type.${type}`) }))}
          data-testid={`${testId}-type`}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {(form) => {
          const type = form.getFieldValue([...rootName, 'type']) as string | undefined;
          if (type !== undefined && NUMERIC.has(type)) {
            return (
              <Space wrap>
                <Form.Item name={[...name, 'min']} label={t('thingModel.min')}>
                  <InputNumber data-testid={`${testId}-min`} />
                </Form.Item>
                <Form.Item name={[...name, 'max']} label={t('thingModel.max')}>
                  <InputNumber data-testid={`${testId}-max`} />
                </Form.Item>
                <Form.Item name={[...name, 'step']} label={t('thingModel.step')}>
                  <InputNumber data-testid={`${testId}-step`} />
                </Form.Item>
                <Form.Item name={[...name, 'unit']} label={t('thingModel.unit')}>
                  <Input maxLength={20} style={{ width: 100 }} data-testid={`${testId}-unit`} />
                </Form.Item>
              </Space>
            );
          }
          if (type === 'text') {
            return (
              <Form.Item name={[...name, 'length']} label={t('thingModel.length')}>
                <InputNumber precision={0} data-testid={`${testId}-length`} />
              </Form.Item>
            );
          }
          if (type === 'enum' || type === 'bool') return <ValueList name={[...name, 'values']} testId={testId} />;
          return null;
        }}
      </Form.Item>
    </>
  );
}

/** The value -> label pairs of an enum (at least one) or a bool (0 and 1, optional). */
function ValueList({ name, testId }: { name: NamePath; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('thingModel.values')}>
      <Form.List name={name}>
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline">
                <Form.Item name={[field.name, 'value']}>
                  <InputNumber precision={0} placeholder={t('thingModel.value')} data-testid={`${testId}-value`} />
                </Form.Item>
                <Form.Item name={[field.name, 'label']}>
                  <Input
                    maxLength={50}
                    placeholder={t('thingModel.valueLabel')}
                    data-testid={`${testId}-value-label`}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'enLabel']}>
                  <Input
                    maxLength={100}
                    placeholder={t('thingModel.valueEnLabel')}
                    data-testid={`${testId}-value-en-label`}
                  />
                </Form.Item>
                <MinusCircleOutlined onClick={() => remove(field.name)} aria-label={t('thingModel.remove')} />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ value: fields.length, label: '', enLabel: '' })}
              data-testid={`${testId}-value-add`}
            >
              {t('thingModel.addValue')}
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
