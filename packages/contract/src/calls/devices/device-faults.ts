import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { idField, listAnswer, pageIndexField, pageSizeField, searchField } from '../people/common.ts';
import { deviceStatusSchema } from '../../device-status.ts';
import { FAULT_LEVELS, faultTypeSchema } from '../../faults.ts';

/**
 * The fleet's fault and abnormal screens (issue 11): faultDeviceManage (B272) lists the subtree's
 * faults, current or past, and marks one repaired; abnormalDeviceManage (B205) lists devices whose
 * reports were refused, throttled, out of range, or that have been offline long.
 */

/** Spec section 4: fault status. A fault closes as repaired when the device stops reporting it or someone marks it repaired. */
export const FAULT_STATUSES = ['notRepaired', 'repaired'] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

/** Why a device is listed as abnormal. */
export const ABNORMAL_REASONS = ['malformed', 'flood', 'outOfRange', 'longOffline'] as const;
export type AbnormalReason = (typeof ABNORMAL_REASONS)[number];
/** A device not connected for this long (since its last report) is abnormal: long offline. */
export const LONG_OFFLINE_HOURS = 72;

const timeField = z
  .string({ error: 'deviceFaults.validation.time' })
  .refine((t) => !Number.isNaN(Date.parse(t)), 'deviceFaults.validation.time');

/** An optional [startTime, endTime] range; the end may not come before the start. */
const timeRange = { startTime: timeField.optional(), endTime: timeField.optional() };
function endNotBeforeStart(
  v: { startTime?: string | undefined; endTime?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (v.startTime && v.endTime && Date.parse(v.endTime) < Date.parse(v.startTime)) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'deviceFaults.validation.endBeforeStart' });
  }
}

/** The device of a fault or abnormal row, as the lists show it. */
const listedDevice = {
  deviceId: z.string(),
  deviceCode: z.string(),
  deviceName: z.string(),
  productName: z.string(),
  /** 'pm' or 'tm': which detail page shows the device. */
  productMessageType: z.string(),
  dealersName: z.string(),
};

/** A fault of a device of the subtree, with who marked it repaired (empty when the device cleared it or it is open). */
export const faultRecord = z.object({
  faultId: z.string(),
  ...listedDevice,
  address: z.number().int(),
  faultCode: z.string(),
  /** The fault definition's description from the point table in the reader's language (localName; '' when none). */
  description: z.string(),
  level: z.number().int(),
  faultType: faultTypeSchema,
  status: z.enum(FAULT_STATUSES),
  startTime: z.string(),
  endTime: z.string().nullable(),
  repairedBy: z.string(),
  repairedAt: z.string().nullable(),
  /** Open while its device is online: the device still reports it, so marked repaired it opens again at the next report. */
  stillReported: z.boolean(),
  /** Marked repaired, then reported again: when the new occurrence opened (null otherwise). */
  reportedAgainAt: z.string().nullable(),
});
export type FaultRecord = z.infer<typeof faultRecord>;

export const listFaults = defineCall({
  path: `${CLOUD_API}/deviceFault/list`,
  description:
    "Faults of the subtree's devices at the fault levels the caller's roles may view, newest first: by status (not repaired: the current ones), keyword (part of the IoT code or name), fault code, level and the time the fault began.",
  auth: 'session',
  button: Button.FAULT_DEVICES,
  request: z
    .object({
      keyword: searchField,
      faultCode: z
        .string({ error: 'deviceFaults.validation.faultCode' })
        .trim()
        .max(20, 'deviceFaults.validation.faultCode')
        .default(''),
      level: z
        .union([z.literal(''), ...FAULT_LEVELS.map((level) => z.literal(level))], {
          error: 'deviceFaults.validation.level',
        })
        .default(''),
      status: z.enum(['', ...FAULT_STATUSES], { error: 'deviceFaults.validation.status' }).default(''),
      ...timeRange,
      pageIndex: pageIndexField,
      pageSize: pageSizeField,
    })
    .strict()
    .superRefine(endNotBeforeStart),
  response: listAnswer(faultRecord),
});

export const repairFault = defineCall({
  path: `${CLOUD_API}/deviceFault/repair`,
  description:
    'Marks a not-repaired fault of a device of the subtree repaired (it closes; who and when are kept). A repaired fault is refused.',
  auth: 'session',
  button: Button.FAULT_DEVICES,
  request: z.object({ faultId: idField('deviceFaults.validation.faultId') }).strict(),
  response: faultRecord,
});

/** One reason of an abnormal device: how many (refused or out-of-range reports; days for long offline) and when. */
export const abnormalReasonCount = z.object({
  reason: z.enum(ABNORMAL_REASONS),
  /** Reports counted for the reason; for longOffline, whole days since the device was last online. */
  count: z.number().int(),
  /** The refusal codes behind the reason (frame.crcMismatch, link.publishThrottled, ...), each named in the reader's language (refusalName), with their counts. */
  codes: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() })),
  firstTime: z.string(),
  lastTime: z.string(),
});

export const abnormalDevice = z.object({
  ...listedDevice,
  deviceStatus: deviceStatusSchema,
  lastOnlineTime: z.string().nullable(),
  /** The latest abnormal time of any reason. */
  lastTime: z.string(),
  reasons: z.array(abnormalReasonCount),
});
export type AbnormalDevice = z.infer<typeof abnormalDevice>;

export const listAbnormalDevices = defineCall({
  path: `${CLOUD_API}/device/abnormalList`,
  description: `Devices of the subtree with abnormal reports (malformed, throttled flood, out-of-range values) or offline over ${LONG_OFFLINE_HOURS} hours, with each reason's counts, latest first; filtered by reason and by the reason's latest time.`,
  auth: 'session',
  button: Button.ABNORMAL_DEVICES,
  request: z
    .object({
      keyword: searchField,
      reason: z.enum(['', ...ABNORMAL_REASONS], { error: 'deviceFaults.validation.reason' }).default(''),
      ...timeRange,
      pageIndex: pageIndexField,
      pageSize: pageSizeField,
    })
    .strict()
    .superRefine(endNotBeforeStart),
  /** totalSize is exact when totalExact; otherwise a lower bound: the long-offline devices are counted only ten pages ahead. */
  response: listAnswer(abnormalDevice).extend({ totalExact: z.boolean() }),
});
