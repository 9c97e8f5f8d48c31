import type { DeviceProfiles } from '../../ingest/device-profiles.ts';
import type { LiveEvent } from './event-format.ts';

type ValuesEvent = Extract<LiveEvent, { kind: 'values' }>;

/**
 * A values event as a reader without Button.DEVICE_VENDOR_PARAMS may see it: vendor-parameter points
 * left out (getDeviceValues' rule), null when nothing else is left.
 */
export async function withoutVendorValues(event: ValuesEvent, profiles: DeviceProfiles): Promise<ValuesEvent | null> {
  const table = (await profiles.get(event.deviceCode))?.table;
  if (!table) return event;
  const values = event.values.filter((v) => table.byAddress.get(v.address)?.def.vendorParam !== true);
  return values.length > 0 ? { ...event, values } : null;
}
