import type { DeviceEvents } from '../../events/device-events.ts';
import type { BatchResult } from './pipeline-write.ts';

/** After the commit: 'values' per device of the batch, 'fault' per opened or closed fault, 'reply' per reply, 'ota' per firmware-upgrade report. */
export function publishBatch(events: DeviceEvents, result: BatchResult): void {
  const profileOf = new Map(result.fresh.map((m) => [m.profile!.deviceId, m.profile!]));
  for (const [deviceId, { message, readings }] of result.values) {
    const p = message.profile!;
    events.publish({
      kind: 'values',
      deviceId,
      deviceCode: p.deviceCode,
      dealerId: p.dealerId,
      values: readings,
      at: message.at,
    });
  }
  for (const f of result.faults) {
    const p = profileOf.get(f.deviceId)!;
    events.publish({
      kind: 'fault',
      deviceId: f.deviceId,
      deviceCode: p.deviceCode,
      dealerId: p.dealerId,
      faultCode: f.faultCode,
      level: f.level,
      open: f.open,
      at: f.at.toISOString(),
    });
  }
  for (const m of result.fresh) if (m.reply && !m.refusal) events.publish(m.reply);
  for (const m of result.fresh) if (m.ota && !m.refusal) events.publish(m.ota);
}
