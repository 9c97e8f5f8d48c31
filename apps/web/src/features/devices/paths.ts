/** The device list page's route (Device management > devicesManage, B94). */
export const DEVICE_PAGE = '/company/deviceManage/devicesManage';
export const ADD_DEVICE_PAGE = `${DEVICE_PAGE}/addDevice`;
export const FAVOURITES_PAGE = '/company/deviceManage/collectionManage';

/** A device's detail page: deviceDetail for protocol-point products (pm), thingModelDeviceDetail otherwise. */
export function deviceDetailPath(device: { deviceId: string; productMessageType: string }): string {
  const page = device.productMessageType === 'pm' ? 'deviceDetail' : 'thingModelDeviceDetail';
  return `${DEVICE_PAGE}/${page}/${device.deviceId}`;
}
