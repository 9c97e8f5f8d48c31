/** Messages of the device telemetry calls (issue 10, ingest), in English. */
export const telemetryEnUS = {
  'telemetry.validation.time': 'Please give a valid time',
  'telemetry.validation.addresses': 'Choose 1 to 20 point addresses (0-65535)',
  'telemetry.validation.endBeforeStart': 'The end time must not be before the start time',
  'telemetry.validation.rangeTooLong': 'The time range can be at most 7 days',
  'telemetry.validation.maxPoints': 'The number of points must be a whole number from 100 to 5000',
  'telemetry.validation.day': 'Please give a valid day (YYYY-MM-DD)',
  'telemetry.export.time': 'Time',
  'telemetry.validation.current': 'Current must be true or false',
  'telemetry.packetKind.reply': 'Thing-model reply',
  'telemetry.packetKind.propertyPost': 'Property report',
  'telemetry.packetKind.eventPost': 'Event report',
  'telemetry.packetKind.serviceCall': 'Service call',
  'telemetry.packetKind.command': 'Command sent',
  'telemetry.packetKind.other': 'Other message',
} as const;
