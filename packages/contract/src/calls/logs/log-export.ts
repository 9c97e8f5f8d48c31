import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { getDeviceExport, startDeviceExport } from '../devices/device-list-actions.ts';
import { apiLogSearch } from './api-log.ts';
import { accountLogSearch } from '../people/account-log.ts';
import { communicationLogSearch, communicationQuerySearch, operationLogSearch } from './device-logs.ts';
import { dtuLogSearch } from './dtu-logs.ts';

/**
 * Export of a log search to Excel (issue 22): the device list's export jobs (same job, progress and
 * one-time download at DEVICE_EXPORT_FILE_PATH, within EXPORT_JOB_MINUTES), written in the platform's
 * zone with the screen's column titles and widths (log-columns.ts), scoped and redacted like the screen.
 * Each start call takes its screen's search (the same rules: a range, an IoT code) and its screen's button.
 */

export const startApiLogExport = defineCall({
  path: `${CLOUD_API}/log/apiUsedLog/export`,
  description: 'Starts writing the API call log of the search to an Excel file; answers the job and its rows.',
  auth: 'session',
  button: Button.API_LOG,
  request: apiLogSearch,
  response: startDeviceExport.response,
});

export const startCommunicationLogExport = defineCall({
  path: `${CLOUD_API}/log/communicationLog/export`,
  description: "Starts writing one device's packets of the search to an Excel file; answers the job and its rows.",
  auth: 'session',
  button: Button.COMMUNICATION_LOG,
  request: communicationLogSearch,
  response: startDeviceExport.response,
});

export const startCommunicationQueryExport = defineCall({
  path: `${CLOUD_API}/log/communicationLogQuery/export`,
  description: "Starts writing the subtree's packets of the search to an Excel file; answers the job and its rows.",
  auth: 'session',
  button: Button.COMMUNICATION_LOG_QUERY,
  request: communicationQuerySearch,
  response: startDeviceExport.response,
});

export const startOperationLogExport = defineCall({
  path: `${CLOUD_API}/log/operationLog/export`,
  description:
    "Starts writing one device's operation log (IoT code required) to an Excel file; answers the job and its rows.",
  auth: 'session',
  button: Button.COMMUNICATION_LOG,
  request: operationLogSearch,
  response: startDeviceExport.response,
});

export const startModuleLinkLogExport = defineCall({
  path: `${CLOUD_API}/log/moduleCommunicationLog/export`,
  description:
    "Starts writing one device's DTU-mainboard link changes of the search (IoT code and time range required) to an Excel file; answers the job and its rows.",
  auth: 'session',
  button: Button.COMMUNICATION_LOG,
  request: dtuLogSearch,
  response: startDeviceExport.response,
});

export const startReportModeLogExport = defineCall({
  path: `${CLOUD_API}/log/modeLog/export`,
  description:
    "Starts writing one device's report mode changes of the search (IoT code and time range required) to an Excel file; answers the job and its rows.",
  auth: 'session',
  button: Button.COMMUNICATION_LOG,
  request: dtuLogSearch,
  response: startDeviceExport.response,
});

export const startAccountLogExport = defineCall({
  path: `${CLOUD_API}/accountLog/export`,
  description: 'Starts writing the account log of the search to an Excel file; answers the job and its rows.',
  auth: 'session',
  button: Button.ACCOUNT_LOG,
  request: accountLogSearch,
  response: startDeviceExport.response,
});

export const getLogExport = defineCall({
  path: `${CLOUD_API}/log/export/progress`,
  description: "A log export job of the caller: rows written of the total, and the file's path once done.",
  auth: 'session',
  button: Button.LOG_MANAGE,
  request: getDeviceExport.request,
  response: getDeviceExport.response,
});
