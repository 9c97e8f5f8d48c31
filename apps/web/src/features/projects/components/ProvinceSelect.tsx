import { Select } from 'antd';
import { useLocalName } from '../../../i18n/useLocalName.ts';
import { useAreaNodes } from '../../../components/areaNodes.ts';

interface Props {
  value?: string;
  onChange?(value: string): void;
  /** An "all" option with the value '' (filters). */
  allLabel?: string;
  placeholder?: string;
  width?: number | string;
  testId: string;
}

/** A province of the nation data (queryNationInfo), named in the language shown; a project names its province only. */
export function ProvinceSelect({ value, onChange, allLabel, placeholder, width = '100%', testId }: Props) {
  const nameOf = useLocalName();
  const [provinces] = useAreaNodes([]);
  const options = provinces.map((node) => ({ value: node.value, label: nameOf(...node.names) }));
  return (
    <Select
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      style={{ width }}
      showSearch={{ optionFilterProp: 'label' }}
      options={allLabel === undefined ? options : [{ value: '', label: allLabel }, ...options]}
      data-testid={testId}
    />
  );
}
