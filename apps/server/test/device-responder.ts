import { decodeFrame, SET_STATUS, type CompiledTable, type SetStatus } from '@dcc/protocol';
import type { DeviceEvents } from '../src/events/device-events.ts';
import { downTopicCode, type Downlink } from '../src/ingest/downlink/downlink.ts';

/** How the simulated DTU of a device answers commands. */
export type DtuBehaviour =
  { kind: 'answer'; status?: SetStatus; delayMs?: number | ((seq: number) => number) } | { kind: 'silent' };

export interface DeviceResponder extends Downlink {
  /** The frames received per device, decoded. */
  received: Array<{ deviceCode: string; functionName: string; seq: number }>;
  behave(deviceCode: string, behaviour: DtuBehaviour): void;
}

/**
 * A real in-process device side for command tests until the broker and the ingest are merged: a
 * Downlink whose send decodes the frame with the device's point table, and answers as a DTU would by
 * publishing the 'reply' DeviceEvent the ingest publishes for a set reply or control reply (same
 * sequence number; the values as applied), or stays silent. A frame that does not decode is refused
 * like a broker refusing a payload.
 */
export function deviceResponder(
  events: DeviceEvents,
  tableOf: (deviceCode: string) => CompiledTable | null,
): DeviceResponder {
  const behaviours = new Map<string, DtuBehaviour>();
  const received: DeviceResponder['received'] = [];
  return {
    received,
    behave: (deviceCode, behaviour) => behaviours.set(deviceCode, behaviour),
    async send(target, payload) {
      const deviceCode = downTopicCode(target);
      const decoded = decodeFrame(payload, tableOf(deviceCode));
      if (!decoded.ok) throw new Error(`undecodable command frame: ${decoded.error.message}`);
      const frame = decoded.frame;
      if (frame.deviceCode !== deviceCode) throw new Error(`frame for ${frame.deviceCode} sent to ${deviceCode}`);
      received.push({ deviceCode, functionName: frame.function, seq: frame.seq });
      const behaviour = behaviours.get(deviceCode) ?? { kind: 'answer' };
      if (behaviour.kind === 'silent') return;
      const status = behaviour.status ?? 'accepted';
      const delay = typeof behaviour.delayMs === 'function' ? behaviour.delayMs(frame.seq) : (behaviour.delayMs ?? 0);
      const base = {
        kind: 'reply' as const,
        deviceCode,
        seq: frame.seq,
        status: SET_STATUS[status],
        statusName: status,
        at: new Date().toISOString(),
      };
      const reply =
        frame.function === 'setCommand'
          ? {
              ...base,
              function: 'setReply',
              values: status === 'accepted' ? frame.points.map((p) => ({ address: p.address, value: p.value })) : [],
            }
          : frame.function === 'control'
            ? { ...base, function: 'controlReply', action: frame.actionName }
            : null;
      if (!reply) throw new Error(`the simulated DTU does not answer ${frame.function}`);
      setTimeout(() => events.publish(reply), delay);
    },
  };
}
