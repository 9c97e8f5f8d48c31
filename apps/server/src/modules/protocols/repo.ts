import {
  localName,
  type Locale,
  type Protocol,
  type ProtocolDetail,
  type ProtocolVersion,
  type listProtocols,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { isIdText } from '../../auth/permission-repo.ts';
import { latestProtocolVersion } from '../../db/latest-protocol-version.ts';
import type { DB } from '../../db/schema.ts';
import { isoTime } from '../catalog/index.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import { sortedPage } from '../../db/page.ts';

/** Protocols and their versions, as the catalog calls answer them. */

/** A list call's request as validated by the contract. */
export type ProtocolFilter = z.output<typeof listProtocols.request>;

const SORT_COLUMNS = {
  createTime: 'pr.created_at',
  updateTime: 'pr.updated_at',
  protocolName: 'pr.name',
  protocolCode: 'pr.code',
} as const;

const protocols = (db: Kysely<DB>) => db.selectFrom('protocols as pr');

function selectProtocol(query: ReturnType<typeof protocols>) {
  return query.select([
    'pr.id',
    'pr.name',
    'pr.en_name',
    'pr.code',
    'pr.description',
    'pr.version',
    'pr.creator_name',
    'pr.modifier_name',
    'pr.created_at',
    'pr.updated_at',
    sql<
      { id: string; name: string; enName: string }[]
    >`coalesce((select json_agg(json_build_object('id', p.id::text, 'name', p.name, 'enName', p.en_name) order by p.name, p.id) from products p where p.protocol_id = pr.id), '[]'::json)`.as(
      'products',
    ),
    sql<number>`(select count(*) from protocol_versions v where v.protocol_id = pr.id)::int`.as('versionCount'),
  ]);
}

type ProtocolRow = Awaited<ReturnType<ReturnType<typeof selectProtocol>['execute']>>[number];

/** A protocol as answered; its products named in the reader's language (localName). */
const toProtocol = (row: ProtocolRow, locale: Locale): Protocol => ({
  protocolId: row.id,
  protocolName: row.name,
  protocolEnName: row.en_name,
  protocolCode: row.code,
  description: row.description,
  products: row.products.map((product) => ({ id: product.id, name: localName(locale, product.name, product.enName) })),
  versionCount: Number(row.versionCount),
  version: row.version,
  creator: row.creator_name,
  modifier: row.modifier_name,
  createTime: isoTime(row.created_at),
  updateTime: isoTime(row.updated_at),
});

export async function listProtocolPage(
  db: Kysely<DB>,
  filter: ProtocolFilter,
  locale: Locale,
): Promise<{ list: Protocol[]; totalSize: number }> {
  let query = protocols(db);
  if (filter.protocolName) {
    const pattern = containsPattern(filter.protocolName);
    query = query.where((eb) => eb.or([eb('pr.name', 'ilike', pattern), eb('pr.en_name', 'ilike', pattern)]));
  }
  if (filter.protocolCode) query = query.where('pr.code', 'ilike', containsPattern(filter.protocolCode));
  const page = await sortedPage(
    query,
    selectProtocol,
    { sortColumn: SORT_COLUMNS[filter.sortField], idColumn: 'pr.id' },
    filter,
  );
  return { list: page.rows.map((row) => toProtocol(row, locale)), totalSize: page.totalSize };
}

const selectVersions = (db: Kysely<DB>) =>
  db
    .selectFrom('protocol_versions as v')
    .select([
      'v.id',
      'v.protocol_id',
      'v.name',
      'v.description',
      'v.creator_name',
      'v.created_at',
      sql<number>`(select count(*) from protocol_points pp where pp.version_id = v.id)::int`.as('pointCount'),
    ]);

type VersionRow = Awaited<ReturnType<ReturnType<typeof selectVersions>['execute']>>[number];

const toVersion = (row: VersionRow): ProtocolVersion => ({
  versionId: row.id,
  versionName: row.name,
  description: row.description,
  pointCount: Number(row.pointCount),
  creator: row.creator_name,
  createTime: isoTime(row.created_at),
});

/** A version with its point count, or undefined for a missing or non-numeric id. */
export async function findVersion(
  db: Kysely<DB>,
  versionId: string,
): Promise<(ProtocolVersion & { protocolId: string }) | undefined> {
  if (!isIdText(versionId)) return undefined;
  const row = await selectVersions(db).where('v.id', '=', versionId).executeTakeFirst();
  return row && { ...toVersion(row), protocolId: row.protocol_id };
}

/**
 * How many devices read their frames with a version: those of the protocol's point products when it is
 * the version such a product speaks (latestProtocolVersion, the device profiles' rule), none otherwise.
 */
export async function devicesReadingVersion(
  db: Kysely<DB>,
  version: { versionId: string; protocolId: string },
): Promise<number> {
  const products = await db
    .selectFrom('products as p')
    .select(latestProtocolVersion)
    .select((eb) =>
      eb
        .selectFrom('devices as dv')
        .whereRef('dv.product_id', '=', 'p.id')
        .select(eb.fn.countAll<string>().as('n'))
        .as('devices'),
    )
    .where('p.protocol_id', '=', version.protocolId)
    .where('p.message_type', '=', 'pm')
    .execute();
  return products
    .filter((product) => product.version_id === version.versionId)
    .reduce((sum, product) => sum + Number(product.devices ?? 0), 0);
}

/** A protocol with its versions, newest first (its products named in `locale`); undefined for a missing or non-numeric id. */
export async function findProtocol(
  db: Kysely<DB>,
  protocolId: string,
  locale: Locale,
): Promise<ProtocolDetail | undefined> {
  if (!isIdText(protocolId)) return undefined;
  const row = await selectProtocol(protocols(db)).where('pr.id', '=', protocolId).executeTakeFirst();
  if (!row) return undefined;
  const versions = await selectVersions(db)
    .where('v.protocol_id', '=', protocolId)
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .execute();
  return { ...toProtocol(row, locale), versions: versions.map(toVersion) };
}

/** Every protocol (named in `locale`, localName) with its versions (newest first), by that name, for selects. */
export async function protocolOptionList(db: Kysely<DB>, locale: Locale) {
  const [rows, versions] = await Promise.all([
    db.selectFrom('protocols').select(['id', 'name', 'en_name', 'code']).orderBy('id').execute(),
    db
      .selectFrom('protocol_versions')
      .select(['id', 'name', 'protocol_id'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  return rows
    .map((p) => ({
      id: p.id,
      name: localName(locale, p.name, p.en_name),
      code: p.code,
      versions: versions.filter((v) => v.protocol_id === p.id).map((v) => ({ id: v.id, name: v.name })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** Whether another version of the protocol already has this name (compared without case). */
export async function versionNameTaken(
  db: Kysely<DB>,
  protocolId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  let query = db
    .selectFrom('protocol_versions')
    .select('id')
    .where('protocol_id', '=', protocolId)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Records who last changed a protocol (its versions and points count as the protocol). The record
 * version stays: it guards the protocol's own fields, so a point edit does not make an open
 * protocol edit form stale.
 */
export async function touchProtocol(db: Kysely<DB>, protocolId: string, modifier: string): Promise<void> {
  await db
    .updateTable('protocols')
    .set({ modifier_name: modifier, updated_at: sql`now()` })
    .where('id', '=', protocolId)
    .execute();
}
