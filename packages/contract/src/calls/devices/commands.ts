import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { idField, listAnswer, pageIndexField, pageSizeField } from '../people/common.ts';
import { device } from './devices.ts';

/**
 * Commands to devices and the registry actions of issue 10: set point values, activate, lock, unlock
 * (each sent on the device's down topic and answered by the device's reply, waited for up to a timeout),
 * move devices to another dealer of the subtree, the device operation log. A foreign device id answers
 * like a missing one.
 */

export const COMMAND_OUTCOMES = ['applied', 'refused', 'noReply'] as const;
/** Every outcome the operation log records: the three a sent command can have, and 'rejected' (refused before sending, with the reason). */
export const OPERATION_OUTCOMES = ['applied', 'refused', 'noReply', 'rejected'] as const;
/**
 * Commands to the device (setValues to unlock), registry actions (move to leaveProject), repairFault, the
 * device's own new firmware version (upgradeFirmware), and its part in an OTA task: joined a task, the task
 * cancelled by a person, the upgrade ended (its final state); the database's check lists the same (migration 097).
 */
export const OPERATION_ACTIONS = [
  'setValues',
  'activate',
  'lock',
  'unlock',
  'move',
  'import',
  'repairFault',
  'add',
  'register',
  'update',
  'delete',
  'disable',
  'enable',
  'resetSecret',
  'allocateCustomer',
  'bindSn',
  'unbindSn',
  'allocateMac',
  'confirmMac',
  'releaseMac',
  'addChild',
  'removeChild',
  'joinProject',
  'leaveProject',
  'upgradeFirmware',
  'joinOtaTask',
  'cancelOtaTask',
  'endOtaTask',
] as const;
export type OperationAction = (typeof OPERATION_ACTIONS)[number];
export const operationActionSchema = z.enum(OPERATION_ACTIONS);
export type OperationOutcome = (typeof OPERATION_OUTCOMES)[number];

/** At most this many points in one set command, and devices in one selection (a move, the list's batch actions). */
export const MAX_SET_VALUES = 50;
export const MAX_SELECTED_DEVICES = 100;

const deviceId = idField('devices.validation.deviceId');

/** The devices a move or a batch action of the list applies to: 1 to MAX_SELECTED_DEVICES distinct ids. */
export const deviceSelectionField = z
  .array(deviceId, { error: 'deviceCommands.validation.deviceIds' })
  .min(1, 'deviceCommands.validation.deviceIds')
  .max(MAX_SELECTED_DEVICES, 'deviceCommands.validation.deviceIds')
  .refine((ids) => new Set(ids).size === ids.length, 'deviceCommands.validation.deviceIdsRepeated');

const pointValueInput = z
  .object({
    address: z
      .number({ error: 'deviceCommands.validation.address' })
      .int('deviceCommands.validation.address')
      .min(0, 'deviceCommands.validation.address')
      .max(65535, 'deviceCommands.validation.address'),
    value: z
      .number({ error: 'deviceCommands.validation.value' })
      .refine(Number.isFinite, 'deviceCommands.validation.value'),
  })
  .strict();

/** What a sent command came to: applied, refused by the device (its status), or no reply within the timeout. */
export const commandAnswer = z.object({
  outcome: z.enum(COMMAND_OUTCOMES),
  /** The reply's status byte; null without a reply. */
  status: z.number().int().nullable(),
  /** The reply's status name (accepted, locked, busy, ...); null without a reply. */
  statusName: z.string().nullable(),
  /** The values as the device applied them (set replies); empty otherwise. */
  values: z.array(z.object({ address: z.number().int(), value: z.number().nullable() })),
});
export type CommandAnswer = z.infer<typeof commandAnswer>;

export const setDevicePointValues = defineCall({
  path: `${CLOUD_API}/device/control/setValues`,
  description:
    'Sets RW points of an online, unlocked device within their value ranges; waits for the set reply up to the command timeout.',
  auth: 'session',
  button: Button.DEVICE_CONTROL,
  waitsForDevice: true,
  request: z
    .object({
      deviceId,
      values: z
        .array(pointValueInput, { error: 'deviceCommands.validation.values' })
        .min(1, 'deviceCommands.validation.values')
        .max(MAX_SET_VALUES, 'deviceCommands.validation.values'),
    })
    .strict(),
  response: commandAnswer,
});

/** Activation, lock and unlock answer the command's outcome and the device as it is afterwards. */
export const controlAnswer = commandAnswer.extend({ device });

export const activateDevice = defineCall({
  path: `${CLOUD_API}/device/control/activate`,
  description:
    "Activates an online device. Skipping the audit activates at once with a 1.5-year warranty; without it the device must be in a project: once the project's audit passed it is activated with the audited warranty, before that it is marked as awaiting the audit (outcome awaitingAudit, nothing sent).",
  auth: 'session',
  button: Button.DEVICE_ACTIVATE,
  waitsForDevice: true,
  request: z.object({ deviceId, skipAudit: z.boolean({ error: 'deviceCommands.validation.skipAudit' }) }).strict(),
  response: controlAnswer.extend({ outcome: z.enum([...COMMAND_OUTCOMES, 'awaitingAudit']) }),
});

export const lockDevice = defineCall({
  path: `${CLOUD_API}/device/control/lock`,
  description: 'Locks an online device (it then refuses control); the lock flag is set only when the device accepted.',
  auth: 'session',
  button: Button.DEVICE_ACTIVATE,
  waitsForDevice: true,
  request: z.object({ deviceId }).strict(),
  response: controlAnswer,
});

export const unlockDevice = defineCall({
  path: `${CLOUD_API}/device/control/unlock`,
  description: 'Unlocks an online device; the lock flag is cleared only when the device accepted.',
  auth: 'session',
  button: Button.DEVICE_ACTIVATE,
  waitsForDevice: true,
  request: z.object({ deviceId }).strict(),
  response: controlAnswer,
});

export const moveDevices = defineCall({
  path: `${CLOUD_API}/device/move`,
  description:
    'Gives devices of the subtree to another dealer of the subtree, all or none; a foreign device or dealer answers like a missing one.',
  auth: 'session',
  button: Button.DEVICE_MOVE,
  request: z
    .object({
      deviceIds: deviceSelectionField,
      targetDealerId: idField('deviceCommands.validation.targetDealerId'),
    })
    .strict(),
  response: z.object({ moved: z.number().int() }),
});

/**
 * The fields of a device the operation log names, old and new value: the registry's columns, the owner,
 * product, customer, MAC and gateway by name, what a command or import asked (skipAudit, file). Never a
 * secret: a secret reset is an action without fields.
 */
export const LOGGED_DEVICE_FIELDS = [
  'deviceName',
  'sn',
  'model',
  'address',
  'provinceCode',
  'cityCode',
  'owner',
  'product',
  'disabled',
  'locked',
  'activateTime',
  'warrantyUntil',
  'customer',
  'mac',
  'gateway',
  'skipAudit',
  'file',
  'project',
  'awaitingAudit',
  'softwareVersion',
  'otaTask',
  'firmware',
  'firmwareVersion',
  'otaState',
  'otaReason',
] as const;
export type LoggedDeviceField = (typeof LOGGED_DEVICE_FIELDS)[number];
/** Logged fields whose values are instants (ISO text). */
export const LOGGED_TIME_FIELDS: ReadonlySet<LoggedDeviceField> = new Set(['activateTime', 'warrantyUntil']);
/**
 * Logged fields whose values are codes, named in the reader's language by the console: a device's state in an
 * OTA task (ota-states.ts ROLLOUT_STATES) and the reason of a deferral, cancellation or failure (ROLLOUT_REASONS).
 */
export const LOGGED_CODE_FIELDS = ['otaState', 'otaReason'] as const satisfies readonly LoggedDeviceField[];

const loggedValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** One field a logged action changed or asked for: null `from` when it had no value before (or asks, not changes). */
export const loggedChange = z.object({ field: z.enum(LOGGED_DEVICE_FIELDS), from: loggedValue, to: loggedValue });
export type LoggedChange = z.infer<typeof loggedChange>;

/** A point value a logged set asked for, named in the reader's language; a value the reader may not see (a vendor parameter without B9405) is null. */
export const loggedPointValue = z.object({
  address: z.number().int(),
  /** The point's name in the reader's language; '' when the device's point table no longer has the address. */
  name: z.string(),
  value: z.number().nullable(),
  unit: z.string(),
  /** The enum option's label for the value, in the reader's language; null for a point without options. */
  label: z.string().nullable(),
});
export type LoggedPointValue = z.infer<typeof loggedPointValue>;

export const deviceOperation = z.object({
  operationId: z.string(),
  action: operationActionSchema,
  operatorId: z.string().nullable(),
  operatorName: z.string(),
  outcome: z.enum(OPERATION_OUTCOMES),
  /** In the reader's language: the device's answer (refused, applied) or the refusal's reason (rejected); empty otherwise. */
  detail: z.string(),
  /** What was asked, as text (the dealers of a move, a file): shown when neither fields nor points say it. */
  summary: z.string(),
  /** The fields the action changed or asked for, old and new. */
  changes: z.array(loggedChange),
  /** The point values a set asked for. */
  points: z.array(loggedPointValue),
  createTime: z.string(),
  finishTime: z.string().nullable(),
});
export type DeviceOperation = z.infer<typeof deviceOperation>;

export const listDeviceOperations = defineCall({
  path: `${CLOUD_API}/device/operationLog`,
  description:
    "A device's operation log (commands, activation, locking, every change of the device and its bindings, faults marked repaired), newest first, paged.",
  auth: 'session',
  button: Button.DEVICES,
  request: z.object({ deviceId, pageIndex: pageIndexField, pageSize: pageSizeField }).strict(),
  response: listAnswer(deviceOperation),
});
