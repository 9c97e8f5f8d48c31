import type { DeviceProfiles } from '../../ingest/index.ts';

/** The description of a fault in the point table of the device's product ('' when it has none, or for a thing-model device). */
export async function faultDescription(
  profiles: DeviceProfiles,
  fault: { deviceCode: string; address: number; faultCode: string },
): Promise<string> {
  const point = (await profiles.get(fault.deviceCode))?.table?.byAddress.get(fault.address);
  const definitions = [...(point?.faultBits ?? []), ...(point?.faultValues ?? [])];
  return definitions.find((d) => d.faultCode === fault.faultCode)?.description ?? '';
}

/** The rows with the description of each fault. */
export function withDescriptions<T extends { deviceCode: string; address: number; faultCode: string }>(
  profiles: DeviceProfiles,
  rows: readonly T[],
): Promise<Array<T & { description: string }>> {
  return Promise.all(rows.map(async (row) => ({ ...row, description: await faultDescription(profiles, row) })));
}
