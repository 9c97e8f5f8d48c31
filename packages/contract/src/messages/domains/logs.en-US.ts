/** Messages of the log-management calls (issue 22), in English. */
export const logsEnUS = {
  'logs.validation.dateRequired': 'Please choose the date range',
  'logs.validation.date': 'Please give a valid day (YYYY-MM-DD)',
  'logs.validation.timeRequired': 'Please choose the time range',
  'logs.validation.time': 'Please give a valid time',
  'logs.validation.deviceCodeRequired': 'Please enter the IoT code',
  'logs.validation.deviceCode': 'The IoT code can be at most 64 characters',
  'logs.validation.endBeforeStart': 'The end must not be before the start',
  'logs.validation.rangeTooLong':
    'The range is too long for this search (API log 92 days, communication log 31, query 7)',
  'logs.validation.outcome': 'Choose success or failure',
  'logs.validation.direction': 'Choose up or down',
} as const;
