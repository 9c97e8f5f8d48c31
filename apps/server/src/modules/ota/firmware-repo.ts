import { localName, type Firmware, type FirmwareType, type Locale, type OtaGeneration } from '@dcc/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import type { FirmwareStoreKind } from '../../firmware-store-config.ts';
import type { FirmwareStore } from './firmware-store.ts';
import { containsPattern, ownerInSubtree } from '../managed-accounts/index.ts';
import { pageWithTotal } from '../../db/page.ts';

/** The firmware of a company's OTA area under alias `fw` with its owner `fo` and product `p`. */
const firmwareRows = (db: Kysely<DB>, generation: OtaGeneration) =>
  db
    .selectFrom('ota_firmware as fw')
    .innerJoin('dealers as fo', 'fo.id', 'fw.dealer_id')
    .innerJoin('products as p', 'p.id', 'fw.product_id')
    .where('fw.generation', '=', generation);

/** A firmware the scope may use: its own, its subtree's, or an ancestor's (the factory's firmware reaches every branch). */
const usableBy = (scope: DealerScope): RawBuilder<boolean> =>
  sql<boolean>`(fo.path like ${`${scope.path}%`} or ${scope.path} like fo.path || '%')`;

const COLUMNS = [
  'fw.id',
  'fw.product_id',
  'p.name as product_name',
  'p.en_name as product_en_name',
  'fw.type',
  'fw.name',
  'fw.size',
  'fw.version',
  'fw.software_code',
  'fw.hardware_code',
  'fw.supports_upgrade',
  'fw.sha256',
  'fw.created_at',
  'fo.name as dealer_name',
] as const;

type Row = {
  id: string;
  product_id: string;
  product_name: string;
  product_en_name: string;
  type: FirmwareType;
  name: string;
  size: number;
  version: string;
  software_code: string;
  hardware_code: string;
  supports_upgrade: boolean;
  sha256: string;
  created_at: Date;
  dealer_name: string;
};

const toFirmware = (locale: Locale, r: Row): Firmware => ({
  firmwareId: r.id,
  productId: r.product_id,
  productName: localName(locale, r.product_name, r.product_en_name),
  type: r.type,
  name: r.name,
  size: r.size,
  version: r.version,
  softwareCode: r.software_code,
  hardwareCode: r.hardware_code,
  supportsUpgrade: r.supports_upgrade,
  sha256: r.sha256,
  importTime: r.created_at.toISOString(),
  dealersName: r.dealer_name,
});

export interface NewFirmware {
  generation: OtaGeneration;
  productId: string;
  type: FirmwareType;
  name: string;
  version: string;
  softwareCode: string;
  hardwareCode: string;
  supportsUpgrade: boolean;
  sha256: string;
  bytes: Buffer;
  uploadedBy: string;
}

export const productExists = async (db: Kysely<DB>, productId: string): Promise<boolean> =>
  (await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst()) !== undefined;

/** Writes the firmware's row and hands its file to the store, in one transaction: no row without its file. */
export async function insertFirmware(
  db: Kysely<DB>,
  store: FirmwareStore,
  scope: DealerScope,
  f: NewFirmware,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('ota_firmware')
      .values({
        generation: f.generation,
        dealer_id: scope.dealerId,
        product_id: f.productId,
        type: f.type,
        name: f.name,
        version: f.version,
        software_code: f.softwareCode,
        hardware_code: f.hardwareCode,
        supports_upgrade: f.supportsUpgrade,
        size: f.bytes.length,
        sha256: f.sha256,
        bytes: null,
        stored_in: store.kind,
        uploaded_by: f.uploadedBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await store.put(row.id, f.bytes, trx);
    return row.id;
  });
}

/** A firmware the scope may use, or undefined (missing, foreign and of the other area alike). */
export async function usableFirmware(
  db: Kysely<DB>,
  scope: DealerScope,
  generation: OtaGeneration,
  firmwareId: string,
  locale: Locale,
): Promise<Firmware | undefined> {
  const row = await firmwareRows(db, generation)
    .select(COLUMNS)
    .where('fw.id', '=', firmwareId)
    .where(usableBy(scope))
    .executeTakeFirst();
  return row && toFirmware(locale, row);
}

export async function firmwarePage(
  db: Kysely<DB>,
  scope: DealerScope,
  generation: OtaGeneration,
  query: { pageIndex: number; pageSize: number; name: string; productId: string },
  locale: Locale,
): Promise<{ list: Firmware[]; totalSize: number }> {
  let base = firmwareRows(db, generation).where(usableBy(scope));
  if (query.name !== '') base = base.where('fw.name', 'ilike', containsPattern(query.name));
  if (query.productId !== '') base = base.where('fw.product_id', '=', query.productId);
  const { rows, totalSize } = await pageWithTotal(
    base,
    (filtered) => filtered.select(COLUMNS).orderBy('fw.created_at', 'desc').orderBy('fw.id', 'desc'),
    query,
  );
  return { list: rows.map((row) => toFirmware(locale, row)), totalSize };
}

/**
 * Deletes a firmware of the scope's subtree no running task uses, and its file from its store before the row's
 * deletion commits (a store that fails leaves the firmware listed, to delete again): 'deleted', 'inUse' or 'notFound'.
 */
export async function deleteFirmwareInScope(
  db: Kysely<DB>,
  storeOf: (kind: FirmwareStoreKind) => FirmwareStore | null,
  scope: DealerScope,
  generation: OtaGeneration,
  firmwareId: string,
): Promise<'deleted' | 'inUse' | 'notFound'> {
  return db.transaction().execute(async (trx) => {
    const found = await firmwareRows(trx, generation)
      .select(['fw.id', 'fw.stored_in'])
      .where('fw.id', '=', firmwareId)
      .where(ownerInSubtree(scope, 'fo'))
      .forUpdate('fw')
      .executeTakeFirst();
    if (!found) return 'notFound';
    const running = await trx
      .selectFrom('ota_tasks')
      .select('id')
      .where('firmware_id', '=', firmwareId)
      .where('state', '=', 'running')
      .executeTakeFirst();
    if (running) return 'inUse';
    // Ended tasks keep their records with the firmware's name and version (migration 071: on delete set null).
    await trx.deleteFrom('ota_firmware').where('id', '=', firmwareId).execute();
    await storeOf(found.stored_in)?.delete(firmwareId);
    return 'deleted';
  });
}
