import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listDevices } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { ServerSearchSelect, useServerSearch } from '../../../components/ServerSearchSelect.tsx';

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
  const { searched, onSearch } = useServerSearch();
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
  return (
    <ServerSearchSelect
      value={value}
      onChange={onChange}
      options={options}
      loading={found.isFetching}
      onSearch={onSearch}
      placeholder={t('projectsPage.devices.pickerPlaceholder')}
      testId="project-device-picker"
    />
  );
}
