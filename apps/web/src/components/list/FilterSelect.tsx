import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The filter's field in the search form. */
  name: string;
  label: string;
  options: { value: string; label: string }[];
  /** The text of "all" (''): "All" unless told. */
  allLabel?: string;
  width: number;
  /** Lets the user type to find an option by its label. */
  searchable?: boolean;
  testId: string;
}

/** A search form's select of one value or all (the empty value, as the list calls take it). */
export function FilterSelect({ name, label, options, allLabel, width, searchable = false, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label}>
      <Select
        style={{ width }}
        {...(searchable ? { showSearch: { optionFilterProp: 'label' } } : {})}
        options={[{ value: '', label: allLabel ?? t('list.statusAll') }, ...options]}
        data-testid={testId}
      />
    </Form.Item>
  );
}
