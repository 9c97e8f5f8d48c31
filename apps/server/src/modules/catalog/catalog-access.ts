import { PLATFORM_LEVEL } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import type { ScopedContext } from '../../http/call-route.ts';
import { accountDisplayName } from '../members/index.ts';

/**
 * The scope of a catalog write, from the scoped-route helper (http/call-route.ts `scopedRoute`). The catalog
 * (series, data types, products, thing models, protocols, points) is one for the whole platform: every
 * company whose role holds the button reads it, only the level-0 company changes it. The permission
 * pipeline answers CATALOG_READ_ONLY to any other company for the calls marked `catalogWrite` (contract,
 * call.ts and platform-only.ts); reaching here from below the platform means a write without that mark,
 * a defect, not an answer.
 */
export function makerScope(ctx: ScopedContext): DealerScope {
  if (ctx.scope.level !== PLATFORM_LEVEL)
    throw new Error('catalog write admitted below the platform: mark the call catalogWrite');
  return ctx.scope;
}

/** Who changes the catalog: the signed-in account and its display name, kept as text on catalog rows (creator, modifier, history operator). */
export interface CatalogMaker {
  userId: string;
  name: string;
}

/** The maker of a catalog write (its scope checked as `makerScope` does). */
export async function catalogMaker(db: Kysely<DB>, ctx: ScopedContext): Promise<CatalogMaker> {
  makerScope(ctx);
  return { userId: ctx.actor.userId, name: await accountDisplayName(db, ctx.actor.userId) };
}

/** Timestamps answered by catalog calls: ISO 8601 in UTC, as every other call. */
export const isoTime = (value: Date | string | null): string => (value === null ? '' : new Date(value).toISOString());
