/**
 * The MQTT topic scheme between devices and the cloud (docs/device-protocol.md section 12).
 * A device publishes its reports on `dev/{code}/up` and its last will on `dev/{code}/status`, and
 * listens on `dev/{code}/down`; it may use no other topic and no wildcard.
 */

/** IoT codes are topic-safe: letters, digits, '-' and '_', 4 to 64 characters (no '/', '+', '#'). */
export const DEVICE_CODE_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;

export const isDeviceCode = (code: string): boolean => DEVICE_CODE_PATTERN.test(code);

export type DeviceChannel = 'up' | 'down' | 'status';

const CHANNELS: readonly DeviceChannel[] = ['up', 'down', 'status'];

export const deviceTopic = (deviceCode: string, channel: DeviceChannel): string => `dev/${deviceCode}/${channel}`;

/**
 * Server instances split the devices' reports between them through a shared subscription, and their
 * status messages through another. A deployment's groups are named after it (MQTT_SHARE_GROUP), so
 * two deployments on one broker (staging beside production, or two test runs) never take each
 * other's share; without a name the groups are `ingest` and `presence`.
 */
export function sharedGroups(deployment: string | null): { ingest: string; presence: string } {
  return deployment
    ? { ingest: `${deployment}-ingest`, presence: `${deployment}-presence` }
    : { ingest: 'ingest', presence: 'presence' };
}

export const sharedSubscription = (group: string, filter: string): string => `$share/${group}/${filter}`;

/** The device and channel a concrete topic names, or null when it is not a device topic. */
export function parseDeviceTopic(topic: string): { deviceCode: string; channel: DeviceChannel } | null {
  const parts = topic.split('/');
  if (parts.length !== 3 || parts[0] !== 'dev') return null;
  const [, deviceCode, channel] = parts as [string, string, string];
  if (!isDeviceCode(deviceCode) || !CHANNELS.includes(channel as DeviceChannel)) return null;
  return { deviceCode, channel: channel as DeviceChannel };
}

const hasWildcard = (topic: string) => topic.includes('+') || topic.includes('#');

/** Whether the connection signed in as `deviceCode` may publish on `topic`: its own up and status topics only. */
export function deviceMayPublish(deviceCode: string, topic: string): boolean {
  if (hasWildcard(topic)) return false;
  const parsed = parseDeviceTopic(topic);
  return parsed !== null && parsed.deviceCode === deviceCode && parsed.channel !== 'down';
}

/** Whether the connection signed in as `deviceCode` may subscribe to `filter`: its own down topic only, no wildcard. */
export function deviceMaySubscribe(deviceCode: string, filter: string): boolean {
  return !hasWildcard(filter) && filter === deviceTopic(deviceCode, 'down');
}
