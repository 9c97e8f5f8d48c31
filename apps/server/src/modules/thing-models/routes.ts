import { ErrorCode, getThingModel, publishThingModel, saveThingModelDraft } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { makerScope, foundOrFail } from '../catalog/index.ts';
import { findProduct } from '../products/index.ts';
import { publishDraft, readThingModel, saveDraft } from './repo.ts';

/** The id of an existing thing-model (Alink) product; NOT_THING_MODEL for a protocol-point product. */
async function thingModelProduct(db: Kysely<DB>, productId: string): Promise<string> {
  // Only its kind is read here: the language of its series' and protocol's names does not matter.
  const product = await foundOrFail(findProduct(db, productId, 'zh-CN'));
  if (product.productMessageType !== 'tm') fail(ErrorCode.NOT_THING_MODEL);
  return product.productId;
}

/** Thing models of Alink products (thingModelProductDetail). */
export function thingModelRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(getThingModel, async (input) => readThingModel(db, await thingModelProduct(db, input.productId))),
    scopedRoute(saveThingModelDraft, async (input, ctx) => {
      makerScope(ctx);
      // NOT_FOUND as well when the product was deleted between the check and the write.
      return foundOrFail(saveDraft(db, await thingModelProduct(db, input.productId), input.version, input.model));
    }),
    scopedRoute(publishThingModel, async (input, ctx) => {
      makerScope(ctx);
      return foundOrFail(publishDraft(db, await thingModelProduct(db, input.productId), input.version));
    }),
  ];
}
