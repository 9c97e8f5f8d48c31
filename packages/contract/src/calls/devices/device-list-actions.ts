import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { secretField } from '../../secret-field.ts';
import { listAnswer, pageIndexField, pageSizeField } from '../people/common.ts';
import { deviceSelectionField, OPERATION_OUTCOMES } from './commands.ts';
import { deviceListQuery } from './device-list.ts';
import { device } from './devices.ts';

/**
 * What the device list does with a selection (issue 11): delete, lock or unlock many devices,
 * follow them (the caller's favourites, collectionManage M9001), and export the current filter to
 * Excel. A selection with a foreign or missing device answers NOT_FOUND and nothing happens.
 */

const selection = z.object({ deviceIds: deviceSelectionField }).strict();

export const deleteDevices = defineCall({
  path: `${CLOUD_API}/device/batchDelete`,
  description: 'Deletes devices of the subtree, all or none (the console confirms first).',
  auth: 'session',
  button: Button.DEVICES,
  request: selection,
  response: z.object({ deleted: z.number().int() }),
});

/** Each device's outcome of a batch command: the command's, or 'rejected' with the reason (offline, locked, ...). */
export const batchCommandAnswer = z.object({
  results: z.array(z.object({ deviceId: z.string(), outcome: z.enum(OPERATION_OUTCOMES), message: z.string() })),
});

export const lockDevices = defineCall({
  path: `${CLOUD_API}/device/control/batchLock`,
  description:
    "Locks each device of the selection in turn, answering every device's outcome (offline ones are rejected).",
  auth: 'session',
  button: Button.DEVICE_ACTIVATE,
  waitsForDevice: true,
  request: selection,
  response: batchCommandAnswer,
});

export const unlockDevices = defineCall({
  path: `${CLOUD_API}/device/control/batchUnlock`,
  description: "Unlocks each device of the selection in turn, answering every device's outcome.",
  auth: 'session',
  button: Button.DEVICE_ACTIVATE,
  waitsForDevice: true,
  request: selection,
  response: batchCommandAnswer,
});

export const followDevices = defineCall({
  path: `${CLOUD_API}/device/favourite/add`,
  description: "Adds devices of the subtree to the caller's favourites (already followed ones stay).",
  auth: 'session',
  button: Button.COLLECTIONS,
  request: selection,
  response: z.object({ followed: z.number().int() }),
});

export const unfollowDevices = defineCall({
  path: `${CLOUD_API}/device/favourite/remove`,
  description: "Removes devices from the caller's favourites.",
  auth: 'session',
  button: Button.COLLECTIONS,
  request: selection,
  response: z.object({ unfollowed: z.number().int() }),
});

export const listFavouriteDevices = defineCall({
  path: `${CLOUD_API}/device/favourite/list`,
  description: "The caller's favourite devices that lie in the subtree, most recently followed first.",
  auth: 'session',
  button: Button.COLLECTIONS,
  request: z.object({ pageIndex: pageIndexField, pageSize: pageSizeField }).strict(),
  response: listAnswer(device),
});

/**
 * Export of the current filter: startDeviceExport answers a job and the row count; the server writes
 * the workbook row by row (columns of the list, in the caller's language) while
 * getDeviceExport answers how many rows are written (the console's progress bar); when done,
 * `GET DEVICE_EXPORT_FILE_PATH?job=<jobId>` downloads it once, from any server instance (jobs and
 * files are kept in the database) within EXPORT_JOB_MINUTES.
 */
export const DEVICE_EXPORT_FILE_PATH = `${CLOUD_API}/device/export/file`;
export const EXPORT_JOB_MINUTES = 10;
export const EXPORT_STATES = ['running', 'done', 'failed'] as const;

export const startDeviceExport = defineCall({
  path: `${CLOUD_API}/device/export/start`,
  description:
    'Starts writing the devices of the current filter to an Excel file; answers the job and how many rows it will hold.',
  auth: 'session',
  button: Button.DEVICES,
  request: deviceListQuery,
  response: z.object({ jobId: z.string(), totalRows: z.number().int() }),
});

export const getDeviceExport = defineCall({
  path: `${CLOUD_API}/device/export/progress`,
  description: "An export job of the caller: rows written of the total, and the file's path once done.",
  auth: 'session',
  button: Button.DEVICES,
  request: z
    .object({
      // The job id is the file's download key: secret, so the API call log never shows it.
      jobId: secretField(
        z
          .string({ error: 'devices.validation.exportJob' })
          .trim()
          .min(1, 'devices.validation.exportJob')
          .max(64, 'devices.validation.exportJob'),
      ),
    })
    .strict(),
  response: z.object({
    state: z.enum(EXPORT_STATES),
    writtenRows: z.number().int(),
    totalRows: z.number().int(),
    fileName: z.string(),
    filePath: z.string().nullable(),
  }),
});
