import type { Config } from '../src/config.ts';
import { loadExternalBrokerConfig } from '../src/ingest/broker/external/external-config.ts';
import { loadLinkConfig } from '../src/link-config.ts';
import { brokerUrl } from './device-link.ts';
import type { TestApp } from './harness.ts';
import { startOwnMosquitto, type OwnMosquitto } from './own-mosquitto.ts';

/**
 * The two broker modes a device test runs in: the embedded broker, and an external Mosquitto
 * (MQTT_URL when set, e.g. CI's, else a Mosquitto of the test's own).
 */
export interface BrokerMode {
  name: string;
  start(): Promise<{ overrides: Partial<Config>; deviceUrl(t: TestApp): string; stop(): Promise<void> }>;
}

export const BROKER_MODES: BrokerMode[] = [
  {
    name: 'the embedded broker',
    start: async () => ({
      overrides: { link: { ...loadLinkConfig({}), mqttPort: 0, mqttHost: '127.0.0.1' } },
      deviceUrl: brokerUrl,
      stop: async () => undefined,
    }),
  },
  {
    name: 'an external Mosquitto (MQTT_URL)',
    async start() {
      const own: OwnMosquitto | null = process.env.MQTT_URL ? null : await startOwnMosquitto({ dynsec: false });
      const url = process.env.MQTT_URL ?? own!.url;
      // A client id and shared groups of its own, and a short session: test files running side by side on a shared
      // broker do not take each other's reports and status messages, and it keeps none of this run's afterwards.
      const name = `dcc-test-${process.pid}-${Date.now().toString(36)}`;
      const external = loadExternalBrokerConfig({
        MQTT_URL: url,
        MQTT_CLIENT_ID: name,
        MQTT_SHARE_GROUP: name,
        MQTT_SESSION_EXPIRY_SECONDS: '1',
        MQTT_CONNECTIONS: '1',
      });
      return {
        overrides: { link: loadLinkConfig({ MQTT_URL: url }), externalBroker: external },
        deviceUrl: () => url,
        stop: async () => own?.dispose(),
      };
    },
  },
];
