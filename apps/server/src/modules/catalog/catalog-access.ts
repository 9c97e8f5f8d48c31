import { PLATFORM_LEVEL } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import type { CallContext } from '../../http/call-route.ts';
import { scopeOf } from '../dealers/index.ts';

/**
 * The scope of a catalog write. The catalog (series, data types, products, thing models, protocols,
 * points) is one for the whole platform: every company whose role holds the button reads it, only the
 * level-0 company changes it. The permission pipeline answers CATALOG_READ_ONLY to any other company
 * for the calls marked `catalogWrite` (contract, call.ts and platform-only.ts); reaching here from below
 * the platform means a write without that mark, a defect, not an answer.
 */
export function makerScope(ctx: CallContext): DealerScope {
  const scope = scopeOf(ctx);
  if (scope.level !== PLATFORM_LEVEL)
    throw new Error('catalog write admitted below the platform: mark the call catalogWrite');
  return scope;
}

/** The display name of the signed-in account, kept as text on catalog rows (creator, modifier, history operator). */
export async function operatorName(db: Kysely<DB>, ctx: CallContext): Promise<{ userId: string; name: string }> {
  if (!ctx.session) throw new Error('catalog change reached without a session');
  const user = await db
    .selectFrom('users')
    .select(['user_name', 'real_name'])
    .where('id', '=', ctx.session.userId)
    .executeTakeFirst();
  return { userId: ctx.session.userId, name: user?.real_name || user?.user_name || '' };
}

/** Timestamps answered by catalog calls: ISO 8601 in UTC, as every other call. */
export const isoTime = (value: Date | string | null): string => (value === null ? '' : new Date(value).toISOString());
