import type { DecodedMessage } from './pipeline-decode.ts';

/** A fault opened or closed by a batch. */
export interface FaultChange {
  deviceId: string;
  address: number;
  faultCode: string;
  level: number;
  open: boolean;
  at: Date;
}

/** A fault row to insert: opened in this batch, maybe closed again within it. */
export interface NewFault {
  deviceId: string;
  address: number;
  faultCode: string;
  level: number;
  openedAt: Date;
  closedAt: Date | null;
}

/**
 * Walks the batch's messages in order against the faults open before it: a fault active in a
 * fault-type point and not open is opened; an open fault of that point no longer active is closed.
 */
export function faultChanges(
  messages: readonly DecodedMessage[],
  openBefore: ReadonlyArray<{ device_id: string; address: number; fault_code: string; level: number }>,
): { inserts: NewFault[]; closes: FaultChange[]; changes: FaultChange[] } {
  // device|address -> fault code -> the new row (opened in this batch) or null (open before the batch)
  const open = new Map<string, Map<string, { row: NewFault | null; level: number }>>();
  for (const f of openBefore) {
    const key = `${f.device_id}|${f.address}`;
    if (!open.has(key)) open.set(key, new Map());
    open.get(key)!.set(f.fault_code, { row: null, level: f.level });
  }
  const inserts: NewFault[] = [];
  const closes: FaultChange[] = [];
  const changes: FaultChange[] = [];
  for (const m of messages) {
    const deviceId = m.profile!.deviceId;
    const at = m.message.receivedAt;
    for (const point of m.faults) {
      const key = `${deviceId}|${point.address}`;
      const current = open.get(key) ?? new Map<string, { row: NewFault | null; level: number }>();
      open.set(key, current);
      const active = new Map(point.active.map((f) => [f.faultCode, f.level]));
      for (const [faultCode, state] of current) {
        if (active.has(faultCode)) continue;
        current.delete(faultCode);
        const change = { deviceId, address: point.address, faultCode, level: state.level, open: false, at };
        if (state.row) state.row.closedAt = at;
        else closes.push(change);
        changes.push(change);
      }
      for (const [faultCode, level] of active) {
        if (current.has(faultCode)) continue;
        const row: NewFault = { deviceId, address: point.address, faultCode, level, openedAt: at, closedAt: null };
        inserts.push(row);
        current.set(faultCode, { row, level });
        changes.push({ deviceId, address: point.address, faultCode, level, open: true, at });
      }
    }
  }
  return { inserts, closes, changes };
}
