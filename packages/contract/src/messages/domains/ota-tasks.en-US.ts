/** Messages of the OTA rollout policy and its task calls (issue 23), in English. */
export const otaTasksEnUS = {
  'otaTasks.error.stateWrong': 'The task cannot do this in its current state ({{state}})',
  'otaTasks.error.rollbackNoFirmware': 'No firmware of the version to roll back to is available; upload it first',
  'otaTasks.error.endTimePast': 'The end time must be in the future',
  'otaTasks.validation.waves':
    'Waves: 1 to 10 increasing percentages from 1 to 100, the last 100 (e.g. 1, 10, 50, 100)',
  'otaTasks.validation.soakSeconds': 'Soak period: 1 to 604800 seconds',
  'otaTasks.validation.healthMargin': 'Health margin: 0 to 100 percentage points',
  'otaTasks.validation.abortPercent': 'Abort share: a whole number from 1 to 100 percent',
  'otaTasks.validation.abortMinDevices': 'Abort after at least: a whole number from 1 to 100000 devices',
  'otaTasks.validation.retrySeconds': 'Retries: at most 5 waits of 1 to 86400 seconds each',
  'otaTasks.validation.window': 'Maintenance window: a time of day as HH:MM (00:00 to 24:00)',
  'otaTasks.validation.endTime': 'End time: a date and time such as 2026-12-01 08:00:00',
  'otaTasks.state.running': 'Running',
  'otaTasks.state.finished': 'Finished',
  'otaTasks.state.cancelled': 'Cancelled',
  'otaTasks.state.paused': 'Paused',
  'otaTasks.state.awaitingConfirmation': 'Awaiting confirmation',
  'otaTasks.state.aborted': 'Aborted',
  'otaTasks.deviceCancelled.endTime': "The task reached its end time before the device's turn",
  'otaTasks.deviceCancelled.aborted': 'The task was aborted (too many devices failed)',
} as const;
