import type { Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';
import type { DeviceEvents } from '../../../events/device-events.ts';
import type { UplinkSink } from '../../device-link.ts';
import type { Downlink } from '../../downlink/downlink.ts';
import type { Presence } from '../../presence/presence.ts';
import { brokerPresence } from './broker-presence.ts';
import { connectExternalLink, type ExternalLink } from './external-link.ts';
import { mosquittoRegistrySync, type RegistrySync } from './mosquitto-registry-sync.ts';

export interface ExternalLinkLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface StartedExternalLink {
  downlink: Downlink;
  link: ExternalLink;
  /** Mosquitto dynamic security kept in step with the registry (MOSQUITTO_DYNSEC=on), else null. */
  registry: RegistrySync | null;
  close(): Promise<void>;
}

/**
 * The device side when MQTT_URL is set: the server is a client of the external broker instead of running
 * the embedded one. Presence comes from what the broker tells (broker-presence.ts); with
 * MOSQUITTO_DYNSEC=on the broker's clients and roles are reconciled with the registry first.
 */
export async function startExternalLink(options: {
  config: Config;
  db: Kysely<DB>;
  log: ExternalLinkLog;
  sink: UplinkSink;
  presence: Presence;
  events?: DeviceEvents;
}): Promise<StartedExternalLink> {
  const { config, db, log, sink, presence } = options;
  const external = config.externalBroker;
  if (!external.url) throw new Error('startExternalLink needs MQTT_URL');
  const url = external.url;
  const registry = external.mosquittoDynsec ? mosquittoRegistrySync({ db, config, log }) : null;
  if (registry) {
    const outcome = await registry.reconcile();
    log.info(outcome, 'Mosquitto dynamic security reconciled with the device registry');
  }
  const fromBroker = brokerPresence(db, presence);
  const link = connectExternalLink(
    { ...external, url, maxPayloadBytes: config.link.maxPayloadBytes },
    {
      sink,
      onStatus: fromBroker.onStatus,
      onUplink: fromBroker.onUplink,
      onBrokerEvent: fromBroker.onBrokerEvent,
      log,
    },
  );
  return {
    downlink: link.downlink,
    link,
    registry,
    async close() {
      await link.close();
      await registry?.close();
    },
  };
}
