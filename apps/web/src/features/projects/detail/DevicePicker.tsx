import { useRef, useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listDevices } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';

const SEARCH_DEBOUNCE_MS = 300;
const PICKER_PAGE_SIZE = 20;

interface Props {
  value?: string[];
  onChange?(value: string[]): void;
  projectId: string;
}

/**
 * Devices of the subtree found by part of their IoT code, name or SN; a device of another project is
 * shown with that project and cannot be picked (the server refuses it too).
 */
export function DevicePicker({ value, onChange, projectId }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const searched = useDebouncedValue(keyword.trim(), SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ['project', projectId, 'picker', searched],
    queryFn: () => call(listDevices, { keyword: searched, pageIndex: 1, pageSize: PICKER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const options = (found.data?.list ?? []).map((device) => {
    const elsewhere = device.projectId !== null && device.projectId !== projectId;
    const here = device.projectId === projectId;
    const note = here
      ? t('projectsPage.devices.inThisProject')
      : elsewhere
        ? t('projectsPage.devices.inProject', { name: device.projectName })
        : '';
    return {
      value: device.deviceId,
      label: `${device.deviceCode} · ${device.deviceName}${note ? ` (${note})` : ''}`,
      disabled: here || elsewhere,
    };
  });
  // A picked device stays named while another search shows other devices.
  const seen = useRef(new Map<string, string>());
  for (const option of options) seen.current.set(option.value, option.label);
  const shown = new Set(options.map((option) => option.value));
  const picked = (value ?? [])
    .filter((id) => !shown.has(id))
    .map((id) => ({ value: id, label: seen.current.get(id) ?? id, disabled: false }));
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={found.isFetching}
      options={[...picked, ...options]}
      placeholder={t('projectsPage.devices.pickerPlaceholder')}
      style={{ width: '100%' }}
      data-testid="project-device-picker"
    />
  );
}
