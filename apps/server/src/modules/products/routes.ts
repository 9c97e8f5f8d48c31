import { addProduct, deleteProduct, listProducts, productById, productOptions, updateProduct } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { catalogMaker, foundOrFail, makerScope } from '../catalog/index.ts';
import { uploaderOf } from '../uploads/index.ts';
import { findProduct, listProductPage, productOptionList } from './repo.ts';
import { addCatalogProduct, deleteCatalogProduct, updateCatalogProduct } from './service.ts';

/** Products (productsManage, B150). */
export function productRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listProducts, (input, ctx) => listProductPage(db, input, ctx.locale)),
    route(productOptions, (_, ctx) => productOptionList(db, ctx.locale)),
    route(productById, (input, ctx) => foundOrFail(findProduct(db, input.id, ctx.locale))),
    scopedRoute(addProduct, async (input, ctx) =>
      addCatalogProduct(db, await catalogMaker(db, ctx), uploaderOf(ctx), ctx.locale, input),
    ),
    scopedRoute(updateProduct, async (input, ctx) =>
      updateCatalogProduct(db, await catalogMaker(db, ctx), uploaderOf(ctx), ctx.locale, input),
    ),
    scopedRoute(deleteProduct, async (input, ctx) => {
      makerScope(ctx);
      await deleteCatalogProduct(db, input);
      return null;
    }),
  ];
}
