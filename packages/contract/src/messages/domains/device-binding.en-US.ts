/** Messages of the barcode binding and MAC mapping calls (issue 11), in English. */
export const deviceBindingEnUS = {
  'deviceBinding.error.snBound': 'The device already has barcode {{sn}}; unbind it first',
  'deviceBinding.error.snNotBound': 'The device has no barcode bound',
  'deviceBinding.error.macTaken': 'The MAC address {{mac}} already exists',
  'deviceBinding.error.macRepeated': 'The MAC address {{mac}} is listed twice',
  'deviceBinding.error.macNotUndistributed': 'Only an undistributed MAC address can be allocated or deleted',
  'deviceBinding.error.macNotOccupied': 'Only an occupied MAC address can be confirmed',
  'deviceBinding.error.macNotAllocated': 'The MAC address is not allocated to a device',
  'deviceBinding.error.deviceHasMac': 'The device already has the MAC address {{mac}}',
  'deviceBinding.error.macDeviceOutsideOwner': 'The device does not belong to the company that holds this MAC address',
  'deviceBinding.validation.sn.required': 'Please enter the whole-machine barcode',
  'deviceBinding.validation.sn.format': "The barcode is 6-32 capital letters, digits or '-' (not first or last)",
  'deviceBinding.validation.boundFilter': 'Please choose all, bound or not bound',
  'deviceBinding.validation.mac.format':
    'The MAC address is six hex bytes such as 3C:A5:08:12:AB:CD (unicast, not all zeros)',
  'deviceBinding.validation.macs': 'Please enter 1 to 500 MAC addresses',
  'deviceBinding.validation.macId': 'The MAC address id is required',
  'deviceBinding.validation.macState': 'Please choose a valid allocation state',
};
