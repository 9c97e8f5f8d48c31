import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { importDevices } from '@dcc/contract';
import { useMayCall } from '../../../session/mayCall.ts';
import { AddDeviceForm } from './AddDeviceForm.tsx';
import { ImportDevices } from './ImportDevices.tsx';

/** devicesManage > addDevice: one device by form, or many from Excel (with the import button). */
export default function AddDevicePage() {
  const { t } = useTranslation();
  const mayImport = useMayCall(importDevices);
  const items = [
    { key: 'single', label: t('devices.addSingle'), children: <AddDeviceForm /> },
    ...(mayImport ? [{ key: 'import', label: t('devices.import.tab'), children: <ImportDevices /> }] : []),
  ];
  return <Tabs items={items} destroyOnHidden data-testid="add-device-tabs" />;
}
