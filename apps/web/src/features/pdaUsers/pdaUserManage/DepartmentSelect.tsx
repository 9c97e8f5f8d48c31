import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDepartmentOptions } from './hooks.ts';

interface Props {
  value?: string;
  onChange?(departmentId: string): void;
  /** Adds an 'all departments' choice with the value '' (search forms). */
  withAll?: boolean;
  testId?: string;
}

/** Chooses one department of the current company's subtree, searchable by code or name. */
export function DepartmentSelect({ value, onChange, withAll = false, testId }: Props) {
  const { t } = useTranslation();
  const options = useDepartmentOptions();
  const choices = (options.data ?? []).map((department) => ({
    value: department.departmentId,
    label: `${department.departmentName} (${department.departmentCode})`,
  }));
  return (
    <Select
      value={value}
      onChange={onChange}
      options={withAll ? [{ value: '', label: t('pdaUsers.allDepartments') }, ...choices] : choices}
      loading={options.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('pdaUsers.chooseDepartment')}
      style={{ minWidth: 200 }}
      data-testid={testId}
    />
  );
}
