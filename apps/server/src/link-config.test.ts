import { describe, expect, it } from 'vitest';
import { loadLinkConfig } from './link-config.ts';

describe('link configuration', () => {
  it('defaults to the embedded broker on 1883 with a 10-minute sign-in window', () => {
    expect(loadLinkConfig({})).toMatchObject({
      mqttPort: 1883,
      mqttHost: '0.0.0.0',
      mqttUrl: null,
      signInWindowMs: 600_000,
      maxPayloadBytes: 65_536,
      restartGraceMs: 150_000,
    });
  });

  it('reads MQTT_PORT=off and 0, and refuses a malformed port naming the variable', () => {
    expect(loadLinkConfig({ MQTT_PORT: 'off' }).mqttPort).toBeNull();
    expect(loadLinkConfig({ MQTT_PORT: '0' }).mqttPort).toBe(0);
    expect(() => loadLinkConfig({ MQTT_PORT: '70000' })).toThrow('MQTT_PORT');
    expect(() => loadLinkConfig({ MQTT_PORT: 'x' })).toThrow('MQTT_PORT');
    expect(() => loadLinkConfig({ DEVICE_PUBLISH_PER_SECOND: '0' })).toThrow('DEVICE_PUBLISH_PER_SECOND');
  });

  it('caps a packet at 4 x the payload limit unless told, and never below a payload at the limit with its header', () => {
    expect(loadLinkConfig({}).maxPacketBytes).toBe(4 * 65_536);
    expect(loadLinkConfig({ MQTT_MAX_PAYLOAD_BYTES: '2048' }).maxPacketBytes).toBe(8192);
    expect(loadLinkConfig({ MQTT_MAX_PAYLOAD_BYTES: '2048', MQTT_MAX_PACKET_BYTES: '3072' }).maxPacketBytes).toBe(3072);
    expect(() => loadLinkConfig({ MQTT_MAX_PAYLOAD_BYTES: '2048', MQTT_MAX_PACKET_BYTES: '3071' })).toThrow(
      'MQTT_MAX_PACKET_BYTES',
    );
  });
});
