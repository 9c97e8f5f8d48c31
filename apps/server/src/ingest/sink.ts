import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { DeviceEvents } from '../events/device-events.ts';
import type { UplinkSink } from './device-link.ts';
import type { DeviceProfiles } from './device-profiles.ts';

/** What a sink is built from; the device side builds it once the profiles and events exist. */
export interface SinkDeps {
  config: Config;
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  events: DeviceEvents;
  profiles: DeviceProfiles;
}

export type SinkFactory = (deps: SinkDeps) => UplinkSink;

/**
 * The sink of the server: the ingest pipeline takes this place when it is merged. Until then every
 * report is refused (never acknowledged, so a device keeps it), which is honest: nothing stores it.
 */
export const serverSink: SinkFactory = () => ({
  store: () => Promise.reject(new Error('the ingest pipeline is not part of this build: reports are not stored')),
});
