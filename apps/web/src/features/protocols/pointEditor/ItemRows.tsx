import type { ReactNode } from 'react';
import { Button, Col, Form, Row, type FormItemProps } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import { useTranslation } from 'react-i18next';
import { atLeastOne } from './listRules.ts';

/** One field of an item row: its label (also the placeholder), widths of 24 on small and medium screens, rules and input. */
export interface ItemColumn {
  field: string;
  label: string;
  xs: number;
  md: number;
  /** Rules of the field; a function when they depend on the row. */
  rules?: FormItemProps['rules'] | ((row: number) => FormItemProps['rules']);
  /** Other fields of the row whose change checks this one again. */
  dependencies?: (row: number) => FormItemProps['dependencies'];
  /** The input's data-testid before `-{index}`. */
  testId: string;
  input(props: { placeholder: string; 'data-testid': string }): ReactNode;
}

interface Props {
  /** The form list's name. */
  name: string;
  /** The message key when the list is empty. */
  emptyKey: string;
  columns: ItemColumn[];
  /** The values of a new row. */
  newItem(): Record<string, unknown>;
  addLabel: string;
  /** Prefix of the testids: {prefix}-{index} for a row, {prefix}-remove-{index}, {prefix}-add. */
  testId: string;
}

/** A Form.List of at least one item: a row of fields each (labels on the first row), a remove icon per row, an add button and the list's errors. */
export function ItemRows({ name, emptyKey, columns, newItem, addLabel, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Form.List name={name} rules={[atLeastOne(emptyKey)]}>
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, index) => (
            <Row key={field.key} gutter={8} align="top" data-testid={`${testId}-${index}`}>
              {columns.map((column) => (
                <Col key={column.field} xs={column.xs} md={column.md}>
                  <Form.Item
                    name={[field.name, column.field]}
                    label={index === 0 ? column.label : undefined}
                    rules={typeof column.rules === 'function' ? column.rules(field.name) : column.rules}
                    dependencies={column.dependencies?.(field.name)}
                    messageVariables={{ label: column.label }}
                  >
                    {column.input({ placeholder: column.label, 'data-testid': `${column.testId}-${index}` })}
                  </Form.Item>
                </Col>
              ))}
              <Col xs={2} md={1} style={{ paddingTop: index === 0 ? 36 : 6 }}>
                <MinusCircleOutlined
                  onClick={() => remove(field.name)}
                  aria-label={t('points.removeItem')}
                  data-testid={`${testId}-remove-${index}`}
                />
              </Col>
            </Row>
          ))}
          <Form.Item>
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(newItem())} data-testid={`${testId}-add`}>
              {addLabel}
            </Button>
            <Form.ErrorList errors={errors} />
          </Form.Item>
        </>
      )}
    </Form.List>
  );
}
