import type { ThingModel, ThingModelState } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isoTime } from '../catalog/catalog-access.ts';
import { canonicalJson } from './canonical-json.ts';

/** Thing models of Alink products: the draft being edited and the published document. */

const EMPTY_MODEL: ThingModel = { properties: [], events: [], services: [] };

interface ThingModelRow {
  draft: object;
  published: object | null;
  published_version: number;
  draft_updated_at: Date | null;
  published_at: Date | null;
}

/** The answer of every thing-model call; a never-published model counts as changed. */
function toState(productId: string, row: ThingModelRow): ThingModelState {
  const draft = row.draft as ThingModel;
  const published = row.published as ThingModel | null;
  return {
    productId, draft, published, publishedVersion: row.published_version, publishedTime: isoTime(row.published_at),
    draftTime: isoTime(row.draft_updated_at), draftChanged: published === null || canonicalJson(draft) !== canonicalJson(published),
  };
}

const COLUMNS = ['draft', 'published', 'published_version', 'draft_updated_at', 'published_at'] as const;

/**
 * Locks the thing model row of a product until the transaction ends, creating it empty first if
 * it is missing (the product add creates it; this keeps a product without one editable). False
 * when the product is gone (deleted since it was checked).
 */
async function lockModelRow(trx: Kysely<DB>, productId: string): Promise<boolean> {
  const product = await trx.selectFrom('products').select('id').where('id', '=', productId).forKeyShare().executeTakeFirst();
  if (!product) return false;
  await trx.insertInto('thing_models').values({ product_id: productId, draft: JSON.stringify(EMPTY_MODEL) }).onConflict((oc) => oc.column('product_id').doNothing()).execute();
  await trx.selectFrom('thing_models').select('product_id').where('product_id', '=', productId).forUpdate().execute();
  return true;
}

/** The thing model state of a product (an empty, never-published model when it has no row). */
export async function readThingModel(db: Kysely<DB>, productId: string): Promise<ThingModelState> {
  const row = await db.selectFrom('thing_models').select(COLUMNS).where('product_id', '=', productId).executeTakeFirst();
  return toState(productId, row ?? { draft: EMPTY_MODEL, published: null, published_version: 0, draft_updated_at: null, published_at: null });
}

/** Replaces the draft; undefined when the product is gone. */
export async function saveDraft(db: Kysely<DB>, productId: string, model: ThingModel): Promise<ThingModelState | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockModelRow(trx, productId))) return undefined;
    const row = await trx
      .updateTable('thing_models')
      .set({ draft: JSON.stringify(model), draft_updated_at: sql`now()` })
      .where('product_id', '=', productId)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toState(productId, row);
  });
}

/** Publishes the draft as the next version; undefined when the product is gone. */
export async function publishDraft(db: Kysely<DB>, productId: string): Promise<ThingModelState | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockModelRow(trx, productId))) return undefined;
    const row = await trx
      .updateTable('thing_models')
      .set({ published: sql`draft`, published_version: sql`published_version + 1`, published_at: sql`now()` })
      .where('product_id', '=', productId)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toState(productId, row);
  });
}
