import type { DecodedFrame, DecodedPoint } from './decode.ts';

/** One row of the device communication log (spec section 3: IoT code, packet head, CRC code, parsed address, content, value, description). */
export interface DeviceLogRow {
  deviceCode: string;
  head: string;
  crc: string;
  address: number;
  content: string;
  value: string;
  description: string;
}

// Report rules like x * 0.1 leave float noise (41.50000000000001); twelve significant digits hide it.
const display = (v: number) => String(Number(v.toPrecision(12)));

/** The displayed value of a decoded point: its enum label, or the number with its unit. */
export function formatPointValue(p: DecodedPoint): string {
  if (p.value === null) return '';
  if (p.enumLabel !== undefined) return p.enumLabel;
  return p.unit ? `${display(p.value)} ${p.unit}` : display(p.value);
}

/** What a decoded point says beyond its value: active faults, bits that are on, or why it has no value. */
export function describePoint(p: DecodedPoint): string {
  if (p.error) return p.error.message;
  const parts: string[] = [];
  if (p.faults)
    parts.push(p.faults.length ? p.faults.map((f) => `${f.faultCode} (level ${f.level})`).join(', ') : 'no fault');
  if (p.bits) {
    const on = p.bits.filter((b) => b.on).map((b) => b.content || b.code);
    parts.push(on.length ? `on: ${on.join(', ')}` : 'all off');
  }
  return parts.join('; ');
}

/** Turns a decoded frame into device log rows, one per point. */
export function deviceLogRows(frame: DecodedFrame): DeviceLogRow[] {
  return frame.points.map((p) => ({
    deviceCode: frame.deviceCode,
    head: frame.head,
    crc: frame.crc,
    address: p.address,
    content: p.name,
    value: formatPointValue(p),
    description: describePoint(p),
  }));
}
