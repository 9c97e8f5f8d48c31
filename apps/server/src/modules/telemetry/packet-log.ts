import type { Locale } from '@dcc/contract';
import type { DeviceProfile } from '../../ingest/device-profiles.ts';
import { decodeHex } from '../frames/decode-answer.ts';

type PacketRow = { time: string; direction: 'up' | 'down'; hex: string; kind: string | null; refusal: string | null };

/**
 * The communication log's page with each packet parsed as the frame inspector parses it, with the
 * device's point table (a protocol-point device's frames; Alink JSON stays unparsed).
 */
export function parsedPackets(locale: Locale, profile: DeviceProfile | undefined, page: { totalSize: number; list: PacketRow[] }) {
  const frames = profile?.messageType === 'pm';
  return {
    totalSize: page.totalSize,
    versionId: frames ? (profile.versionId ?? null) : null,
    list: page.list.map((row) => ({ ...row, decoded: frames ? decodeHex(locale, Buffer.from(row.hex, 'hex'), profile.table) : null })),
  };
}
