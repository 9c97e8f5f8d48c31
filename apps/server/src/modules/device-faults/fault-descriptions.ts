import { localName, type Locale } from '@dcc/contract';
import type { DeviceProfiles } from '../../ingest/index.ts';

/** The description of a fault in the point table of the device's product, in the reader's language ('' when it has none, or for a thing-model device). */
export async function faultDescription(
  profiles: DeviceProfiles,
  locale: Locale,
  fault: { deviceCode: string; address: number; faultCode: string },
): Promise<string> {
  const point = (await profiles.get(fault.deviceCode))?.table?.byAddress.get(fault.address);
  const definitions = [...(point?.faultBits ?? []), ...(point?.faultValues ?? [])];
  const definition = definitions.find((d) => d.faultCode === fault.faultCode);
  return localName(locale, definition?.description, definition?.enDescription);
}

/** The rows with the description of each fault in the reader's language. */
export function withDescriptions<T extends { deviceCode: string; address: number; faultCode: string }>(
  profiles: DeviceProfiles,
  locale: Locale,
  rows: readonly T[],
): Promise<Array<T & { description: string }>> {
  return Promise.all(rows.map(async (row) => ({ ...row, description: await faultDescription(profiles, locale, row) })));
}
