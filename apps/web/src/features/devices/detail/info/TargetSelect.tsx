import { Form, Select } from 'antd';

interface Props {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange(value: string): void;
  /** The typed text: the options are searched on the server. */
  onSearch(text: string): void;
  options: Array<{ value: string; label: string }>;
  loading: boolean;
  testId: string;
}

/** The form item that picks where a device goes (a dealer, a customer), searched on the server as the user types. */
export function TargetSelect({ label, placeholder, value, onChange, onSearch, options, loading, testId }: Props) {
  return (
    <Form.Item label={label}>
      <Select
        showSearch={{ filterOption: false, onSearch }}
        value={value}
        onChange={onChange}
        options={options}
        loading={loading}
        style={{ width: 320 }}
        placeholder={placeholder}
        data-testid={testId}
      />
    </Form.Item>
  );
}
