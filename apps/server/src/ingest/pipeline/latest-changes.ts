import { mergeRows, type PointRow } from './latest-values.ts';
import type { DecodedMessage } from './pipeline-decode.ts';

/** What a device's messages of a batch change in its latest values. */
export interface LatestChange {
  /** The message it was last (the 'values' event names its time). */
  message: DecodedMessage;
  /** Each address once, with its last reading of the batch. */
  row: PointRow;
  /** Messages with readings that made it. */
  messages: number;
}

/** Per device, what its accepted messages change in its latest values (later readings win). */
export function latestChanges(accepted: readonly DecodedMessage[]): Map<string, LatestChange> {
  const byDevice = new Map<string, LatestChange>();
  for (const m of accepted) {
    if (m.readings.length === 0) continue;
    const id = m.profile!.deviceId;
    const entry = byDevice.get(id);
    const own: PointRow = { readings: m.readings, at: m.at };
    if (!entry) {
      // The usual case, a device's one message in the batch: its readings as they are (no copy).
      byDevice.set(id, { message: m, row: distinctAddresses(m) ? own : mergeRows(NO_ROW, own), messages: 1 });
      continue;
    }
    entry.row = mergeRows(entry.row, own);
    entry.message = m;
    entry.messages += 1;
  }
  return byDevice;
}

const NO_ROW: PointRow = { readings: [], at: [] };

/** A frame's addresses are distinct (the decoder refuses a repeated one); an Alink post's could repeat (two identifiers, one address). */
function distinctAddresses(m: DecodedMessage): boolean {
  if (m.profile!.messageType !== 'tm') return true;
  return new Set(m.readings.map((r) => r.address)).size === m.readings.length;
}
