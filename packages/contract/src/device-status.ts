import { z } from 'zod';

/**
 * A device's status as the console shows it (spec section 4, deviceStatus): UNACTIVE until it is
 * activated, then ONLINE or OFFLINE with its connection. The database's check on devices.status lists
 * the same (migration 017; db/vocabulary-checks.int.test.ts keeps them equal).
 */
export const DEVICE_STATUSES = ['UNACTIVE', 'ONLINE', 'OFFLINE'] as const;
export type DeviceStatusValue = (typeof DEVICE_STATUSES)[number];
export const deviceStatusSchema = z.enum(DEVICE_STATUSES);
/** The statuses by name: DeviceStatus.ONLINE. */
export const DeviceStatus = deviceStatusSchema.enum;

/** What a connection change says (a status event, a line of the status history): up or down. */
export const LINK_STATUSES = ['ONLINE', 'OFFLINE'] as const satisfies readonly DeviceStatusValue[];
export type LinkStatus = (typeof LINK_STATUSES)[number];
export const linkStatusSchema = z.enum(LINK_STATUSES);

/** The link status of a connection that is up (`connected`) or down. */
export const linkStatusOf = (connected: boolean): LinkStatus => (connected ? 'ONLINE' : 'OFFLINE');

/**
 * The status a device shows: an UNACTIVE device stays UNACTIVE while connected, until it is activated;
 * an activated one follows its connection. The server's writes (presence, activation) and the
 * console's live update both apply this rule.
 */
export function displayedStatus(activated: boolean, connected: boolean): DeviceStatusValue {
  return activated ? linkStatusOf(connected) : 'UNACTIVE';
}
