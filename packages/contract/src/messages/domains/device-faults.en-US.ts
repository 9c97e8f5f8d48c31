/** Messages of the fault and abnormal device calls (issue 11), in English. */
export const deviceFaultsEnUS = {
  'deviceFaults.error.alreadyRepaired': 'This fault is already repaired',
  'deviceFaults.validation.time': 'Please give a valid time',
  'deviceFaults.validation.endBeforeStart': 'The end time must not be before the start time',
  'deviceFaults.validation.faultCode': 'The fault code can be at most 20 characters',
  'deviceFaults.validation.level': 'The fault level must be 0, 1, 2 or 3',
  'deviceFaults.validation.status': 'The fault status must be not repaired or repaired',
  'deviceFaults.validation.faultId': 'Please choose a fault',
  'deviceFaults.validation.reason': 'The abnormal reason must be malformed, flood, out of range or long offline',
} as const;
