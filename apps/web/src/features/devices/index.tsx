import { Route, Routes } from 'react-router-dom';
import { addDevice } from '@dcc/contract';
import { RequireCall } from '../../app/guards.tsx';
import DeviceListPage from './list/DeviceListPage.tsx';
import AddDevicePage from './add/AddDevicePage.tsx';
import DeviceDetailPage from './detail/DeviceDetailPage.tsx';
import ThingModelDeviceDetailPage from './detail/ThingModelDeviceDetailPage.tsx';
import NotFoundPage from '../placeholder/notFound/index.tsx';

/** Device management > devicesManage (B94): the list, addDevice, deviceDetail and thingModelDeviceDetail. */
export default function DevicesSection() {
  return (
    <Routes>
      <Route index element={<DeviceListPage />} />
      <Route
        path="addDevice"
        element={
          <RequireCall call={addDevice}>
            <AddDevicePage />
          </RequireCall>
        }
      />
      <Route path="deviceDetail/:deviceId" element={<DeviceDetailPage />} />
      <Route path="thingModelDeviceDetail/:deviceId" element={<ThingModelDeviceDetailPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
