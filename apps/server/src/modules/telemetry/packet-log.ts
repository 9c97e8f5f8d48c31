import { packetKindName, refusalName, type Locale } from '@dcc/contract';
import type { DeviceProfile } from '../../ingest/index.ts';
import { decodeHex } from '../frames/index.ts';
import { hidesAnyPoint, withoutHidden, type VendorReader } from '../points/index.ts';

type PacketRow = { time: string; direction: 'up' | 'down'; hex: string; kind: string | null; refusal: string | null };

/**
 * The communication log's page with each packet parsed as the frame inspector parses it, with the device's point
 * table (a protocol-point device's frames; Alink JSON stays unparsed), its kind and refusal named in the reader's
 * language beside their codes. A reader without B9405 gets no vendor-parameter rows and, when the table has vendor
 * parameters, no raw bytes (vendor-visibility.ts).
 */
export function parsedPackets(
  locale: Locale,
  reader: VendorReader,
  profile: DeviceProfile | undefined,
  page: { totalSize: number; list: PacketRow[] },
) {
  const frames = profile?.messageType === 'pm';
  const table = frames ? profile.table : null;
  const withheld = hidesAnyPoint(reader, table);
  return {
    totalSize: page.totalSize,
    versionId: frames ? (profile.versionId ?? null) : null,
    list: page.list.map((row) => {
      const decoded = frames ? decodeHex(locale, Buffer.from(row.hex, 'hex'), table) : null;
      return {
        ...row,
        kindName: packetKindName(locale, row.kind),
        refusalName: row.refusal === null ? null : refusalName(locale, row.refusal),
        hex: withheld ? null : row.hex,
        decoded: decoded && { ...decoded, rows: withoutHidden(reader, table, decoded.rows) },
      };
    }),
  };
}
