import { describe, expect, it } from 'vitest';
import { loadExternalBrokerConfig } from './external-config.ts';
import { linkSubscriptions } from './external-link.ts';

describe('external broker settings', () => {
  it('means the embedded broker without MQTT_URL and reads every setting with it', () => {
    expect(loadExternalBrokerConfig({})).toMatchObject({
      url: null,
      brokerKind: 'mosquitto',
      mosquittoDynsec: false,
      emqxHookToken: null,
      connections: 4,
    });
    expect(
      loadExternalBrokerConfig({
        MQTT_URL: 'mqtt://broker:1883',
        MQTT_USERNAME: 'svc',
        MQTT_PASSWORD: 'pw',
        MQTT_CLIENT_ID: 'server-1',
        MQTT_CONNECTIONS: '8',
        MQTT_BROKER_KIND: 'emqx',
        EMQX_HOOK_TOKEN: 'x'.repeat(24),
        MQTT_SESSION_EXPIRY_SECONDS: '600',
        EMQX_API_URL: 'http://emqx:18083/',
        EMQX_API_KEY: 'key',
        EMQX_API_SECRET: 'secret',
      }),
    ).toEqual({
      url: 'mqtt://broker:1883',
      username: 'svc',
      password: 'pw',
      clientId: 'server-1',
      shareGroup: null,
      connections: 8,
      sessionExpirySeconds: 600,
      brokerKind: 'emqx',
      emqxHookToken: 'x'.repeat(24),
      mosquittoDynsec: false,
      emqxPresenceEvents: true,
      emqxApi: { url: 'http://emqx:18083', key: 'key', secret: 'secret' },
    });
  });

  it('refuses malformed settings, naming the variable', () => {
    expect(() => loadExternalBrokerConfig({ MQTT_URL: 'broker:1883' })).toThrow(/MQTT_URL/);
    expect(() => loadExternalBrokerConfig({ MQTT_BROKER_KIND: 'hivemq' })).toThrow(/MQTT_BROKER_KIND/);
    expect(() => loadExternalBrokerConfig({ MQTT_CLIENT_ID: 'a b' })).toThrow(/MQTT_CLIENT_ID/);
    expect(() => loadExternalBrokerConfig({ EMQX_HOOK_TOKEN: 'short' })).toThrow(/EMQX_HOOK_TOKEN/);
    expect(() => loadExternalBrokerConfig({ MQTT_CONNECTIONS: '0' })).toThrow(/MQTT_CONNECTIONS/);
    expect(() => loadExternalBrokerConfig({ MQTT_SHARE_GROUP: 'a/b' })).toThrow(/MQTT_SHARE_GROUP/);
    expect(() => loadExternalBrokerConfig({ MQTT_SHARE_GROUP: 'a+' })).toThrow(/MQTT_SHARE_GROUP/);
    expect(() => loadExternalBrokerConfig({ MOSQUITTO_DYNSEC: 'maybe' })).toThrow(/MOSQUITTO_DYNSEC/);
    expect(() =>
      loadExternalBrokerConfig({ EMQX_API_URL: 'emqx:18083', EMQX_API_KEY: 'k', EMQX_API_SECRET: 's' }),
    ).toThrow(/EMQX_API_URL/);
    expect(() => loadExternalBrokerConfig({ EMQX_API_URL: 'http://emqx:18083' })).toThrow(/EMQX_API_KEY/);
    expect(() => loadExternalBrokerConfig({ MOSQUITTO_DYNSEC: 'on', MQTT_URL: 'mqtt://b:1883' })).toThrow(
      /MQTT_USERNAME/,
    );
    expect(() =>
      loadExternalBrokerConfig({
        MOSQUITTO_DYNSEC: 'on',
        MQTT_URL: 'mqtt://b:1883',
        MQTT_USERNAME: 'a',
        MQTT_BROKER_KIND: 'emqx',
      }),
    ).toThrow(/mosquitto/);
  });

  it('names the shared groups after the deployment, so two deployments on one broker each receive every message', () => {
    expect(linkSubscriptions(loadExternalBrokerConfig({ MQTT_URL: 'mqtt://b:1883' }))).toEqual({
      ingest: '$share/ingest/dev/+/up',
      status: '$share/presence/dev/+/status',
      events: [],
    });
    expect(
      linkSubscriptions(
        loadExternalBrokerConfig({ MQTT_URL: 'mqtt://b:1883', MQTT_SHARE_GROUP: 'staging', MQTT_BROKER_KIND: 'emqx' }),
      ),
    ).toEqual({
      ingest: '$share/staging-ingest/dev/+/up',
      status: '$share/staging-presence/dev/+/status',
      events: [
        '$share/staging-presence/$SYS/brokers/+/clients/+/connected',
        '$share/staging-presence/$SYS/brokers/+/clients/+/disconnected',
      ],
    });
  });
});
