import { Button, Card, Form, Input } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { DataTypeFields } from './DataTypeFields.tsx';

interface Props {
  /** 'outputData' or 'inputData'. */
  name: 'inputData' | 'outputData';
  label: string;
}

/** The parameters of an event's output or a service's input or output: identifier, name and data type each. */
export function ParamList({ name, label }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Card
                key={field.key}
                size="small"
                style={{ marginBottom: 8 }}
                extra={
                  <Button type="link" danger size="small" onClick={() => remove(field.name)}>
                    {t('thingModel.remove')}
                  </Button>
                }
              >
                <Form.Item name={[field.name, 'identifier']} label={t('thingModel.identifier')}>
                  <Input maxLength={50} data-testid={`thing-model-${name}-identifier`} />
                </Form.Item>
                <Form.Item name={[field.name, 'name']} label={t('thingModel.itemName')}>
                  <Input maxLength={50} data-testid={`thing-model-${name}-name`} />
                </Form.Item>
                <Form.Item name={[field.name, 'enName']} label={t('thingModel.itemEnName')}>
                  <Input maxLength={100} data-testid={`thing-model-${name}-en-name`} />
                </Form.Item>
                <DataTypeFields
                  name={[field.name, 'dataType']}
                  rootName={[name, field.name, 'dataType']}
                  testId={`thing-model-${name}-data-type`}
                />
              </Card>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ identifier: '', name: '', enName: '', dataType: { type: 'int' } })}
              data-testid={`thing-model-${name}-add`}
            >
              {t('thingModel.addParam')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
