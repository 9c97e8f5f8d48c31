import { z } from 'zod';
import { linkStatusSchema } from '../../device-status.ts';
import { OTA_GENERATIONS, OTA_TASK_STATES, ROLLOUT_STATES } from '../../ota-states.ts';
import { otaTaskCounts } from '../ota.ts';

/**
 * The messages of the live device event stream (live.ts): each a Server-Sent Event whose name is its
 * kind and whose data is JSON of its schema. The server formats every message through these schemas,
 * the console parses every message it receives through them.
 */

const pointValue = z.object({ address: z.number().int(), value: z.number().nullable() });

export const liveEventSchemas = {
  /** A device's connection came up or went down, with its offline reason code; the texts in the ticket's language (null when online). */
  status: z.object({
    deviceId: z.string(),
    deviceCode: z.string(),
    status: linkStatusSchema,
    code: z.number().int(),
    at: z.string(),
    offlineReason: z.string().nullable(),
    offlineCheckMethod: z.string().nullable(),
  }),
  /** New values of a device's points (engineering units; null where the point's formula failed). */
  values: z.object({ deviceId: z.string(), deviceCode: z.string(), values: z.array(pointValue), at: z.string() }),
  /** A fault of a device opened or closed. */
  fault: z.object({
    deviceId: z.string(),
    deviceCode: z.string(),
    faultCode: z.string(),
    level: z.number().int(),
    open: z.boolean(),
    at: z.string(),
  }),
  /**
   * Devices of the subtree were added, activated, deleted or moved in or out (the counts of the dashboard
   * moved without a connection coming up or going down): re-read the counts.
   */
  counts: z.object({ at: z.string() }),
  /** The server may have missed events: re-read what is shown. */
  resync: z.object({ at: z.string() }),
  /** The stream ends (the session ended or lost the button): the error code and its message. */
  end: z.object({ code: z.number().int(), message: z.string() }),
  /**
   * An OTA task or one of its devices changed (issue 23): the task's state, progress and counts, and the device's
   * state, reason and download percent when one moved (percent null: unchanged). A device's event goes out at once
   * with the counts last read; the task's own event (deviceId null) follows with fresh counts, at most every
   * quarter second per task, and always once the task ends.
   */
  otaTask: z.object({
    taskId: z.string(),
    generation: z.enum(OTA_GENERATIONS),
    state: z.enum(OTA_TASK_STATES),
    progress: z.number().int(),
    counts: otaTaskCounts,
    deviceId: z.string().nullable(),
    deviceState: z.enum(ROLLOUT_STATES).nullable(),
    reason: z.string().nullable(),
    percent: z.number().int().nullable(),
    at: z.string(),
  }),
} as const;

export type LiveEventKind = keyof typeof liveEventSchemas;
export const LIVE_EVENT_KINDS = Object.keys(liveEventSchemas) as LiveEventKind[];
export type LiveEventData<K extends LiveEventKind> = z.infer<(typeof liveEventSchemas)[K]>;
/** One message of the stream, by kind. */
export type LiveStreamEvent = { [K in LiveEventKind]: { kind: K; data: LiveEventData<K> } }[LiveEventKind];

/** The text of one stream message (checked against its schema; fields outside it are left out). */
export function formatLiveMessage<K extends LiveEventKind>(kind: K, data: LiveEventData<K>): string {
  return `event: ${kind}\ndata: ${JSON.stringify(liveEventSchemas[kind].parse(data))}\n\n`;
}

/** A received message's data read through its kind's schema: the event, or why it is not one. */
export function parseLiveMessage<K extends LiveEventKind>(
  kind: K,
  text: string,
): { ok: true; event: Extract<LiveStreamEvent, { kind: K }> } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: `${kind}: data is not JSON` };
  }
  const parsed = liveEventSchemas[kind].safeParse(json);
  if (!parsed.success) return { ok: false, error: `${kind}: ${z.prettifyError(parsed.error)}` };
  return { ok: true, event: { kind, data: parsed.data } as Extract<LiveStreamEvent, { kind: K }> };
}
