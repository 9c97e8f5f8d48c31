/** Says a shared message in the reader's language: the server's translate bound to a locale, or the console's t. */
export type Say = (key: string, params?: Record<string, string | number>) => string;

/** A bit-field point's named bit, in the reader's language. */
export interface NamedBit {
  bit: number;
  name: string;
}

/** A fault of a fault point: active when its bit is set, or when the value equals `value`. */
export interface PointFault {
  bit: number | null;
  value: number | null;
  code: string;
  level: number;
}

/** The bits that are on, by name: 'on: compressor, pump' or 'all off'. */
export const bitsText = (onNames: readonly string[], say: Say): string =>
  onNames.length ? say('catalog.frame.bitsOn', { bits: onNames.join(', ') }) : say('catalog.frame.allOff');

/** The active faults with their levels, or 'no fault'. */
export const faultsText = (active: readonly Pick<PointFault, 'code' | 'level'>[], say: Say): string =>
  active.length
    ? active.map((f) => say('catalog.frame.fault', { code: f.code, level: f.level })).join(', ')
    : say('catalog.frame.noFault');

const bitOn = (value: number, bit: number) => ((Math.trunc(value) >>> bit) & 1) === 1;

/**
 * A bit-field or fault point's value decoded as the packet parser does ('on: compressor, pump',
 * 'no fault'); null for a point that is neither.
 */
export function decodedValueText(
  point: { bits: readonly NamedBit[]; faults: readonly PointFault[] },
  value: number,
  say: Say,
): string | null {
  const parts: string[] = [];
  if (point.faults.length > 0)
    parts.push(
      faultsText(
        point.faults.filter((f) => (f.bit !== null ? bitOn(value, f.bit) : f.value === value)),
        say,
      ),
    );
  if (point.bits.length > 0)
    parts.push(
      bitsText(
        point.bits.filter((b) => bitOn(value, b.bit)).map((b) => b.name),
        say,
      ),
    );
  return parts.length > 0 ? parts.join('; ') : null;
}
