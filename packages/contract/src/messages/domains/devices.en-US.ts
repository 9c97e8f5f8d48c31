/** Messages of the device registry calls (issue 10), in English. */
export const devicesEnUS = {
  'devices.error.deviceCodeTaken': 'A device with this IoT code already exists',
  'devices.error.snTaken': 'A device with this SN already exists',
  'devices.error.productUnknown': 'This product does not exist',
  'devices.validation.deviceId': 'The device id is required',
  'devices.validation.productId': 'Please choose a product',
  'devices.validation.deviceCode.required': 'Please enter the IoT code',
  'devices.validation.deviceCode.format': "The IoT code is 4-64 letters, digits, '-' or '_'",
  'devices.validation.deviceName': 'Please enter the device name (at most 50 characters)',
  'devices.validation.sn': 'The SN can be at most 64 characters',
  'devices.validation.model': 'The model can be at most 64 characters',
  'devices.validation.address': 'The address can be at most 200 characters',
} as const;
