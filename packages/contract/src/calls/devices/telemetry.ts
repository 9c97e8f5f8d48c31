import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { linkStatusSchema } from '../../device-status.ts';
import { faultTypeSchema } from '../../faults.ts';
import { Button } from '../../permissions.ts';
import { frameDecodeAnswer } from '../catalog/frames.ts';
import { idField, listAnswer, pageIndexField, pageSizeField } from '../people/common.ts';

/**
 * What the ingest stored about a device of the subtree (issue 10; spec getPointPosition,
 * getAddressHistoryValue, fault_now): current values, point history, faults, status history, refusal
 * counters and the communication log. Read with the device list's button B94.
 */

/** Longest history range one call reads. */
export const HISTORY_MAX_DAYS = 7;
/** Most addresses one history call reads. */
export const HISTORY_MAX_ADDRESSES = 20;

const deviceId = idField('devices.validation.deviceId');
const timeField = z
  .string({ error: 'telemetry.validation.time' })
  .refine((t) => !Number.isNaN(Date.parse(t)), 'telemetry.validation.time');

/** The point a range end is read from (`$n$`), named in both languages. */
const awaitedPoint = z.object({ address: z.number().int(), name: z.string(), enName: z.string() });

export const pointValue = z.object({
  address: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The point's English name; '' when it has none. */
  enName: z.string(),
  unit: z.string(),
  mode: z.enum(['R', 'W', 'RW']),
  value: z.number().nullable(),
  reportedAt: z.string().nullable(),
  /** The point flags that sort the params tab: vendor (advanced, B9405), customer and basic-info parameters. */
  vendorParam: z.boolean(),
  clientParam: z.boolean(),
  basicInfo: z.boolean(),
  /** The value range with its `$n$` ends read from the current values; null is an open (or not yet known) end, or a hidden one. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** The end is a vendor parameter's value (a factory setting) the caller may not read without B9405: min or max is then null and shown as such. */
  minHidden: z.boolean(),
  maxHidden: z.boolean(),
  /** The end is the current value of a point the device has not reported yet (that point): min or max is then null, not open. */
  minAwaits: awaitedPoint.nullable(),
  maxAwaits: awaitedPoint.nullable(),
  /** The values an enum point takes, labelled in the caller's language; empty for other points. */
  options: z.array(z.object({ value: z.number(), label: z.string() })),
  /** A bit-field point's named bits in the caller's language (decodedValueText); empty for other points. */
  bits: z.array(z.object({ bit: z.number().int(), name: z.string() })),
  /** A fault point's faults, by bit or by value (decodedValueText); empty for other points. */
  faults: z.array(
    z.object({
      bit: z.number().int().nullable(),
      value: z.number().nullable(),
      code: z.string(),
      level: z.number().int(),
    }),
  ),
});
export type PointValue = z.infer<typeof pointValue>;

export const getDeviceValues = defineCall({
  path: `${CLOUD_API}/device/pointValues`,
  description:
    "Current value of every point of a device of the subtree, with the point's code, names, unit, mode, flags, range and enum values; vendor parameters only for callers holding B9405.",
  auth: 'session',
  button: Button.DEVICES,
  request: z.object({ deviceId }).strict(),
  response: z.object({ dataList: z.array(pointValue) }),
});

/** Fewest and most frames a thinned curve answer may be asked for (`maxPoints`): a chart is drawn with about two per pixel. */
export const HISTORY_MIN_POINTS = 100;
export const HISTORY_MAX_POINTS = 5000;

/** At most this many frames in a curve's answer (thinned), or every frame when absent. */
export const historyMaxPointsField = z
  .number({ error: 'telemetry.validation.maxPoints' })
  .int('telemetry.validation.maxPoints')
  .min(HISTORY_MIN_POINTS, 'telemetry.validation.maxPoints')
  .max(HISTORY_MAX_POINTS, 'telemetry.validation.maxPoints')
  .optional();

/** The curve's device, addresses and range: at most HISTORY_MAX_ADDRESSES addresses over at most HISTORY_MAX_DAYS days. */
export const historyRangeShape = {
  deviceId,
  startTime: timeField,
  endTime: timeField,
  addressList: z
    .array(
      z
        .number({ error: 'telemetry.validation.addresses' })
        .int('telemetry.validation.addresses')
        .min(0, 'telemetry.validation.addresses')
        .max(65535, 'telemetry.validation.addresses'),
      { error: 'telemetry.validation.addresses' },
    )
    .min(1, 'telemetry.validation.addresses')
    .max(HISTORY_MAX_ADDRESSES, 'telemetry.validation.addresses'),
};

/** The curve's range rule: end not before start, at most HISTORY_MAX_DAYS days. */
export function checkHistoryRange(v: { startTime: string; endTime: string }, ctx: z.RefinementCtx): void {
  const start = Date.parse(v.startTime);
  const end = Date.parse(v.endTime);
  if (Number.isNaN(start) || Number.isNaN(end)) return;
  if (end < start) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'telemetry.validation.endBeforeStart' });
  else if (end - start > HISTORY_MAX_DAYS * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'telemetry.validation.rangeTooLong' });
}

/** A curve's range as the export reads it: every stored frame, never thinned. */
export const pointHistoryRange = z.object(historyRangeShape).strict().superRefine(checkHistoryRange);

export const getPointHistory = defineCall({
  path: `${CLOUD_API}/device/pointHistory`,
  description: `Values of up to ${HISTORY_MAX_ADDRESSES} addresses of a device of the subtree over at most ${HISTORY_MAX_DAYS} days; with maxPoints, at most that many frames, keeping each curve's lowest and highest value per time bucket (thinned: true).`,
  auth: 'session',
  button: Button.DEVICES,
  request: z
    .object({
      ...historyRangeShape,
      maxPoints: historyMaxPointsField,
    })
    .strict()
    .superRefine(checkHistoryRange),
  // Times as epoch milliseconds: 20,160 ISO texts a week cost the answer 300 KB and the console a parse each.
  response: z.object({
    times: z.array(z.number().int()),
    addressList: z.array(z.object({ address: z.number().int(), valueList: z.array(z.number().nullable()) })),
    /** Whether frames were left out to stay within maxPoints (a zoomed window can be asked for again). */
    thinned: z.boolean(),
  }),
});

export const deviceFault = z.object({
  faultId: z.string(),
  address: z.number().int(),
  faultCode: z.string(),
  /** The fault definition's description in the reader's language (localName; '' when the point table has none). */
  description: z.string(),
  level: z.number().int(),
  faultType: faultTypeSchema,
  startTime: z.string(),
  endTime: z.string().nullable(),
  repaired: z.boolean(),
  /** Who marked it repaired (name, or phone when the account has no name) and when; '' and null when the device cleared it or it is open. */
  repairedBy: z.string(),
  repairedAt: z.string().nullable(),
});

export const listDeviceFaults = defineCall({
  path: `${CLOUD_API}/device/faults`,
  description:
    'Faults of a device of the subtree, newest first: the open ones only (current) or all opened in a time range.',
  auth: 'session',
  button: Button.DEVICES,
  request: z
    .object({
      deviceId,
      current: z.boolean({ error: 'telemetry.validation.current' }).default(false),
      startTime: timeField.optional(),
      endTime: timeField.optional(),
      pageIndex: pageIndexField,
      pageSize: pageSizeField,
    })
    .strict(),
  response: listAnswer(deviceFault),
});

export const listDeviceStatusHistory = defineCall({
  path: `${CLOUD_API}/device/statusHistory`,
  description: 'Online/offline changes of a device of the subtree with their reason codes, newest first.',
  auth: 'session',
  button: Button.DEVICES,
  request: z.object({ deviceId, pageIndex: pageIndexField, pageSize: pageSizeField }).strict(),
  response: listAnswer(
    z.object({
      status: linkStatusSchema,
      code: z.number().int(),
      time: z.string(),
      /** The code's meaning (spec section 8) and what to check on site, in the caller's language; checkMethod null for a code without one. */
      reason: z.string(),
      checkMethod: z.string().nullable(),
    }),
  ),
});

export const listDeviceRefusals = defineCall({
  path: `${CLOUD_API}/device/refusals`,
  description:
    "How many messages of a device of the subtree were refused, per reason; also its readings outside their value range ('value.outOfRange', stored all the same) and the broker's drops ('link.*').",
  auth: 'session',
  button: Button.DEVICES,
  request: z.object({ deviceId }).strict(),
  response: z.object({
    list: z.array(
      z.object({ reason: z.string(), count: z.number().int(), firstTime: z.string(), lastTime: z.string() }),
    ),
  }),
});

export const listDevicePackets = defineCall({
  path: `${CLOUD_API}/device/packets`,
  description:
    "The communication log of a device of the subtree: raw packets newest first, with what they were or why refused, each frame parsed with the device's point table.",
  auth: 'session',
  button: Button.DEVICES,
  request: z.object({ deviceId, pageIndex: pageIndexField, pageSize: pageSizeField }).strict(),
  response: listAnswer(
    z.object({
      time: z.string(),
      direction: z.enum(['up', 'down']),
      /** The raw bytes; null for a caller without B9405 when the device's table has vendor parameters (the bytes would carry them). */
      hex: z.string().nullable(),
      kind: z.string().nullable(),
      /** The kind in the reader's language (packetKindName). */
      kindName: z.string().nullable(),
      refusal: z.string().nullable(),
      /** The refusal in the reader's language (refusalName). */
      refusalName: z.string().nullable(),
      /** The frame as the frame inspector decodes it (head, CRC, points; vendor parameters only for B9405); null for an Alink JSON message. */
      decoded: frameDecodeAnswer.nullable(),
    }),
  ).extend({
    /** The protocol version whose table parsed the frames (the frame inspector opens them with it); null for a thing-model device. */
    versionId: z.string().nullable(),
  }),
});
