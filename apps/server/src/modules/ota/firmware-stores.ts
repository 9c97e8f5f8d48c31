import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { FirmwareStoreConfig, FirmwareStoreKind } from '../../firmware-store-config.ts';
import { DatabaseFirmwareStore } from './database-firmware-store.ts';
import type { FirmwareStore, FirmwareStores } from './firmware-store.ts';

/**
 * The configured store for uploads; firmware uploaded while the database was the store stays readable there.
 * An S3 store is checked first (bucket reachable with the credentials): a store that cannot be used stops the start.
 * The S3 client (the AWS SDK) is loaded only when S3 is configured: a server on the database store never imports it.
 */
export async function openFirmwareStores(
  config: FirmwareStoreConfig,
  db: Kysely<DB>,
  log: FastifyBaseLogger,
): Promise<FirmwareStores> {
  const database = new DatabaseFirmwareStore(db);
  const s3 = config.kind === 's3' ? new (await import('./s3-firmware-store.ts')).S3FirmwareStore(config, log) : null;
  if (s3) {
    try {
      await s3.verify();
    } catch (error) {
      s3.close();
      throw error;
    }
  }
  const byKind: Record<FirmwareStoreKind, FirmwareStore | null> = { database, s3 };
  return {
    uploads: s3 ?? database,
    holding: (kind) => byKind[kind],
    close: () => s3?.close(),
  };
}
