import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceEvents } from '../../events/device-events.ts';
import type { CallRoute } from '../../http/call-route.ts';
import type { Downlink } from '../../ingest/index.ts';
import type { OtaConfig } from '../../ota-config.ts';
import { FirmwareLinks } from './download-links.ts';
import { registerFirmwareDownload } from './download-route.ts';
import { applyOtaReport } from './progress.ts';
import { Rollout } from './rollout.ts';
import { otaRoutes } from './routes.ts';

export interface OtaDeps {
  app: FastifyInstance;
  db: Kysely<DB>;
  config: OtaConfig;
  downlink: Downlink;
  events: DeviceEvents;
}

/** This server's own address, for download links when OTA_DOWNLOAD_BASE_URL is not set (development, tests). */
function ownAddress(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') return 'http://127.0.0.1';
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address;
  return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;
}

/**
 * Firmware upgrades over the air: the calls of both areas, the signed download route, the rollout that moves
 * running tasks on every OTA_TICK_MS, and the application of the devices' progress reports from the event bus.
 */
export function startOta(deps: OtaDeps): CallRoute[] {
  const { app, db, config, downlink, events } = deps;
  const links = new FirmwareLinks(config.linkSecret, config.linkTtlSeconds);
  const rollout = new Rollout({
    db,
    downlink,
    links,
    baseUrl: () => config.downloadBaseUrl ?? ownAddress(app),
    log: app.log,
  });
  registerFirmwareDownload(app, db, links);
  const unsubscribe = events.subscribe((event) => {
    if (event.kind !== 'ota') return;
    applyOtaReport(db, event).catch((error: unknown) =>
      app.log.warn({ err: error, deviceCode: event.deviceCode }, 'OTA progress report not applied'),
    );
  });
  rollout.start(config.tickMs);
  app.addHook('onClose', async () => {
    unsubscribe();
    await rollout.close();
  });
  return otaRoutes(db, rollout);
}
