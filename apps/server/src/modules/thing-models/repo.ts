import type { ThingModel, ThingModelState } from '@dcc/contract';
import { sql, type Kysely, type UpdateObject } from 'kysely';
import { assertSameVersion, nextVersion, versionMatchedRow } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';
import { isoTime } from '../catalog/index.ts';
import { canonicalJson } from './canonical-json.ts';

/** Thing models of Alink products: the draft being edited and the published document. */

const EMPTY_MODEL: ThingModel = { properties: [], events: [], services: [] };

interface ThingModelRow {
  draft: object;
  published: object | null;
  published_version: number;
  draft_updated_at: Date | null;
  published_at: Date | null;
  version: number;
}

/** The answer of every thing-model call; a never-published model counts as changed. */
function toState(productId: string, row: ThingModelRow): ThingModelState {
  const draft = row.draft as ThingModel;
  const published = row.published as ThingModel | null;
  return {
    productId,
    draft,
    published,
    publishedVersion: row.published_version,
    publishedTime: isoTime(row.published_at),
    draftTime: isoTime(row.draft_updated_at),
    draftChanged: published === null || canonicalJson(draft) !== canonicalJson(published),
    version: row.version,
  };
}

const COLUMNS = ['draft', 'published', 'published_version', 'draft_updated_at', 'published_at', 'version'] as const;

/**
 * Locks the thing model row of a product until the transaction ends, creating it empty first if
 * it is missing (the product add creates it; this keeps a product without one editable). False
 * when the product is gone (deleted since it was checked); STALE_VERSION when the model's record
 * version is not the one the caller read.
 */
async function lockModelRow(trx: Kysely<DB>, productId: string, sentVersion: number): Promise<boolean> {
  const product = await trx
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .forKeyShare()
    .executeTakeFirst();
  if (!product) return false;
  await trx
    .insertInto('thing_models')
    .values({ product_id: productId, draft: JSON.stringify(EMPTY_MODEL) })
    .onConflict((oc) => oc.column('product_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('thing_models')
    .select('version')
    .where('product_id', '=', productId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  assertSameVersion(row.version, sentVersion);
  return true;
}

/** Writes the locked model row at the version the caller read, moving it to the next; answers the new state. */
async function writeModelRow(
  trx: Kysely<DB>,
  productId: string,
  sentVersion: number,
  set: UpdateObject<DB, 'thing_models'>,
): Promise<ThingModelState> {
  const row = await trx
    .updateTable('thing_models')
    .set({ ...set, ...nextVersion })
    .where('product_id', '=', productId)
    .where('version', '=', sentVersion)
    .returning(COLUMNS)
    .executeTakeFirst();
  return toState(productId, versionMatchedRow(row));
}

/** The thing model state of a product (an empty, never-published model when it has no row). */
export async function readThingModel(db: Kysely<DB>, productId: string): Promise<ThingModelState> {
  const row = await db
    .selectFrom('thing_models')
    .select(COLUMNS)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return toState(
    productId,
    row ?? {
      draft: EMPTY_MODEL,
      published: null,
      published_version: 0,
      draft_updated_at: null,
      published_at: null,
      version: 1,
    },
  );
}

/** Replaces the draft read at `sentVersion`; undefined when the product is gone. */
export async function saveDraft(
  db: Kysely<DB>,
  productId: string,
  sentVersion: number,
  model: ThingModel,
): Promise<ThingModelState | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockModelRow(trx, productId, sentVersion))) return undefined;
    return writeModelRow(trx, productId, sentVersion, { draft: JSON.stringify(model), draft_updated_at: sql`now()` });
  });
}

/** Publishes the draft read at `sentVersion` as the next published version; undefined when the product is gone. */
export async function publishDraft(
  db: Kysely<DB>,
  productId: string,
  sentVersion: number,
): Promise<ThingModelState | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockModelRow(trx, productId, sentVersion))) return undefined;
    return writeModelRow(trx, productId, sentVersion, {
      published: sql`draft`,
      published_version: sql`published_version + 1`,
      published_at: sql`now()`,
    });
  });
}
