import { OfflineReason, type RevocationCode } from '@dcc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { announceCounts, localDeviceEvents, type DeviceEvents } from '../events/device-events.ts';
import { secretBox } from '../modules/devices/index.ts';
import { deviceSignIn } from './broker/broker-auth.ts';
import { noBrokerDownlink, trafficCountingDownlink, type Downlink } from './downlink/downlink.ts';
import { deviceProfiles, type DeviceProfiles } from './profiles/device-profiles.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker/embedded-broker.ts';
import { OPEN_GATE, type FlowGate } from './pipeline/flow-gate.ts';
import { linkCounters } from './broker/link-counters.ts';
import { persistedLinkCounters, type PersistedLinkCounters } from './broker/link-refusal-log.ts';
import { devicePresence, type Presence } from './presence/presence.ts';
import type { JobRunListener, SinkFactory } from './sink.ts';
import type { IngestStats } from './pipeline/pipeline.ts';
import type { UplinkSink } from './device-link.ts';
import { startExternalLink, type StartedExternalLink } from './broker/external/start-external-link.ts';
import { externalBrokerAccess } from './broker/external/broker-access.ts';
import { emqxApi } from './broker/external/emqx-api.ts';
import { cascadeGatewaysOffline } from '../modules/topology/index.ts';
import { gatewayStatus } from './gateways/gateway-status.ts';

/** The device side of the server, as tests and the other pieces (commands, live push) use it. */
export interface DeviceSide {
  /** Port of the embedded broker, null when none runs (MQTT_PORT=off, or MQTT_URL: an external broker). */
  mqttPort: number | null;
  /** The one way down to devices; counts each message in the device's down traffic. */
  downlink: Downlink;
  events: DeviceEvents;
  profiles: DeviceProfiles;
  presence: Presence;
  counters: PersistedLinkCounters;
  /** The ingest's backpressure: whether reading devices is paused, reports queued, connections waiting. */
  flow: FlowGate;
  /** Where device messages are stored (null when this server takes none); the demo history is written through it too. */
  ingest: UplinkSink | null;
  /** Frames taken and refusals counted by this server's ingest since start (null when it takes no device messages). */
  ingestStats(): IngestStats | null;
  /** Device connections open on this server's embedded broker (null when it runs none). */
  connections(): number | null;
  /**
   * What a device's connection was signed with no longer holds (401 secret reset or owner changed, 521
   * deleted, 522 disabled): its connection, if any, is closed on whichever instance holds it (the event
   * bus carries the change) and by the external broker (told once, from here).
   */
  revoke(deviceCode: string, code: RevocationCode): void;
  /** A device was added or re-enabled: an enforcing external broker learns its identity. */
  admit(deviceCode: string): void;
  /** Devices of these owners were added, deleted or moved (committed): the live streams re-read their counts. */
  countsChanged(dealerIds: Iterable<string>): void;
  /** Whether commands can go down now: the embedded broker runs, or a connection to the external broker is up. */
  brokerConnected(): boolean;
  /** The restart reconciliation ran (after the grace period): how many devices went offline (0 when closed before). */
  reconciled: Promise<number>;
  close(): Promise<void>;
}

export interface DeviceSideOptions {
  config: Config;
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  sink: SinkFactory;
  events?: DeviceEvents;
  onJobRun?: JobRunListener;
}

/**
 * Builds the device side: event bus, profiles, presence, and (unless MQTT_PORT=off or MQTT_URL names
 * an external broker) the embedded broker. After the grace period, devices still recorded online from
 * before this start that did not reconnect go offline with 1911.
 */
export async function startDeviceSide(options: DeviceSideOptions): Promise<DeviceSide> {
  const { config, db, log } = options;
  const startedAt = new Date();
  const events = options.events ?? localDeviceEvents();
  const profiles = deviceProfiles(db);
  // A gateway that goes offline takes the children online through it along (1913).
  const presence: Presence = devicePresence(db, events, (offline) =>
    cascadeGatewaysOffline(db, presence, offline).catch((error: unknown) =>
      log.warn(
        { err: error, devices: offline.length },
        'the children of gateways that went offline could not be marked offline',
      ),
    ),
  );
  const counters = persistedLinkCounters(linkCounters(log), db, log);
  const link = config.link;
  const embedded = link.mqttPort !== null && !link.mqttUrl;
  // Only a server that takes device messages stores them (and keeps the history partitions).
  const sink =
    embedded || config.externalBroker.url
      ? options.sink({ config, db, log, events, profiles, presence, onJobRun: options.onJobRun })
      : null;
  const broker: EmbeddedBroker | null = embedded
    ? await startEmbeddedBroker({
        link,
        sink: sink!,
        presence,
        counters,
        log,
        signIn: deviceSignIn(db, secretBox(config.deviceSecretKey), link.signInWindowMs),
        gatewayStatus: gatewayStatus(db, presence),
      })
    : null;
  if (broker) log.info({ mqttPort: broker.port }, 'embedded MQTT broker listening');
  // With MQTT_URL the broker keeps device connections across a server restart: no reconciliation then.
  const external: StartedExternalLink | null = config.externalBroker.url
    ? await startExternalLink({ config, db, log, sink: sink!, presence, events })
    : null;
  const externalApi = config.externalBroker.emqxApi;
  const brokerAccess = externalBrokerAccess(external?.registry ?? null, externalApi ? emqxApi(externalApi) : null);
  const tellBroker = (work: Promise<void>, deviceCode: string) =>
    void work.catch((error: unknown) =>
      log.warn(
        { err: error, deviceCode },
        'the external broker could not be told of a device access change: a connection it should close may stay up until the device reconnects',
      ),
    );

  // Access changes made on any instance: this one forgets the device's profile and closes its connection if it holds it.
  const stopAccess = events.subscribe((event) => {
    if (event.kind !== 'access') return;
    profiles.forget(event.deviceCode);
    if (event.revoked !== null) broker?.kick(event.deviceCode, event.revoked);
  });

  let timer: NodeJS.Timeout | undefined;
  let stopWaiting = (_count: number) => {};
  const reconciled = !broker
    ? Promise.resolve(0)
    : new Promise<number>((resolve) => {
        stopWaiting = resolve;
        timer = setTimeout(() => {
          presence
            .offlineConnectedBefore(startedAt, OfflineReason.CONNECTION_BROKEN)
            .then(resolve, (error: unknown) => {
              log.warn({ err: error }, 'devices online before the restart could not be marked offline');
              resolve(0);
            });
        }, link.restartGraceMs);
        timer.unref();
      });

  return {
    mqttPort: broker?.port ?? null,
    downlink: trafficCountingDownlink(db, broker?.downlink ?? external?.downlink ?? noBrokerDownlink, config.timeZone),
    events,
    profiles,
    presence,
    counters,
    flow: sink?.flow ?? OPEN_GATE,
    ingest: sink,
    ingestStats: () => sink?.stats?.() ?? null,
    connections: () => broker?.connections() ?? null,
    revoke(deviceCode, code) {
      events.publish({ kind: 'access', deviceCode, revoked: code, at: new Date().toISOString() });
      tellBroker(brokerAccess.revoke(deviceCode, code), deviceCode);
    },
    admit(deviceCode) {
      events.publish({ kind: 'access', deviceCode, revoked: null, at: new Date().toISOString() });
      tellBroker(brokerAccess.admit(deviceCode), deviceCode);
    },
    countsChanged: (dealerIds) => announceCounts(events, dealerIds),
    brokerConnected: () => broker !== null || (external?.link.connected() ?? false),
    reconciled,
    async close() {
      stopAccess();
      clearTimeout(timer);
      stopWaiting(0);
      await broker?.close();
      await counters.stop();
      await external?.close();
      await sink?.close?.();
    },
  };
}
