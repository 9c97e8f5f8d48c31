/** Messages of device commands, moves, imports and the operation log (issue 10), in English. */
export const deviceCommandsEnUS = {
  'deviceCommands.error.locked':
    'The device is locked and cannot be controlled; create a project and submit it for review',
  'deviceCommands.error.offline': 'The device is offline and cannot be operated',
  'deviceCommands.error.thingModel':
    'This device speaks a thing model (Alink): Alink has no activation, lock or unlock message, so the device cannot be activated, locked or unlocked from the console; set its properties instead',
  'deviceCommands.error.noPointTable':
    "The device's product has no usable point table (a protocol version whose points compile)",
  'deviceCommands.error.pointUnknown': 'Point {{address}} is not a point of this device',
  'deviceCommands.error.pointNotWritable': 'Point {{point}} cannot be set: only read-write (RW) points are set',
  'deviceCommands.error.vendorParam':
    'Point {{point}} is a vendor parameter: setting it needs the vendor parameter permission',
  'deviceCommands.error.outOfRange': 'Point {{point}}: {{value}} is outside its range {{min}} to {{max}}',
  'deviceCommands.error.notRepresentable':
    'Point {{point}}: {{value}} cannot be sent (finer than the point allows, or too large)',
  'deviceCommands.error.notEnum': 'Point {{point}}: {{value}} is not one of its values ({{values}})',
  'deviceCommands.error.referenceUnknown':
    'Point {{point}}: its range needs the current value of point {{reference}}, which the device has not reported',
  'deviceCommands.error.outOfFactoryRange':
    'Point {{point}}: {{value}} is outside its range, which depends on a factory setting',
  'deviceCommands.error.factoryRangeUnknown':
    'Point {{point}}: its range depends on a factory setting the device has not reported yet',
  'deviceCommands.error.duplicatePoint': 'Point {{point}} is given twice',
  'deviceCommands.error.notSent': 'The command could not be sent to the device: the broker did not take it',
  'deviceCommands.error.noBroker': 'The command could not be sent to the device: no device broker runs in this server',
  'deviceCommands.error.activationFailed': 'Activation failed; use the calculate activation password function',
  'deviceCommands.error.activationNeedsAudit':
    'Activation without skipping the audit needs the device in a project: add it to a project and submit the project for review, or skip the audit to activate now with a 1.5-year warranty',
  'deviceCommands.error.alreadyActive': 'The device is already activated',
  'deviceCommands.error.importInvalid':
    'The file was refused and no device was imported: {{count}} problem(s). First: {{first}}',
  'deviceCommands.validation.address': 'The point address is a whole number from 0 to 65535',
  'deviceCommands.validation.value': 'The value must be a number',
  'deviceCommands.validation.values': 'Give 1 to 50 point values',
  'deviceCommands.validation.skipAudit': 'Say whether the audit is skipped',
  'deviceCommands.validation.deviceIds': 'Choose 1 to 100 devices',
  'deviceCommands.validation.deviceIdsRepeated': 'A device is chosen twice',
  'deviceCommands.validation.targetDealerId': 'Please choose the dealer to move the devices to',
  'deviceCommands.import.column.deviceCode': 'IoT code',
  'deviceCommands.import.column.deviceName': 'Device name',
  'deviceCommands.import.column.product': 'Product',
  'deviceCommands.import.column.sn': 'SN',
  'deviceCommands.import.column.model': 'Model',
  'deviceCommands.import.column.dealerCode': 'Dealer code',
  'deviceCommands.import.column.address': 'Address',
  'deviceCommands.import.column.province': 'Province code',
  'deviceCommands.import.column.city': 'City code',
  'deviceCommands.import.duplicateInFile': 'The same {{column}} is also in row {{other}}',
  'deviceCommands.import.taken': 'A device with this {{column}} already exists',
  'deviceCommands.import.unknownProduct': 'No product is named {{name}} or has this product key',
  'deviceCommands.import.unknownDealer': 'No dealer of your company or its sub-dealers has the code {{code}}',
  'deviceCommands.import.noRows': 'the sheet has no device rows',
  'deviceCommands.import.tooManyRows': 'at most {{max}} devices can be imported at once',
  // The device's answer to a set or control command (protocol SET_STATUS), as the operation log shows it.
  'deviceCommands.status.accepted': 'Accepted by the device',
  'deviceCommands.status.illegalAddress': 'Refused: unknown point address',
  'deviceCommands.status.illegalValue': 'Refused: value not allowed',
  'deviceCommands.status.deviceFailure': 'Refused: device failure',
  'deviceCommands.status.busy': 'Refused: the device is busy',
  'deviceCommands.status.locked': 'Refused: the device is locked',
  'deviceCommands.status.unknown': 'Unknown answer of the device',
} as const;
