import { ErrorCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { ownerInSubtree } from '../managed-accounts/index.ts';

/** The selected devices (id and IoT code), all of the scope's subtree; a foreign or missing one fails with NOT_FOUND like any foreign id. */
export async function selectionInScope(
  db: Kysely<DB>,
  scope: DealerScope,
  deviceIds: readonly string[],
): Promise<{ id: string; deviceCode: string }[]> {
  if (!deviceIds.every(isIdText)) fail(ErrorCode.NOT_FOUND);
  const rows = await db
    .selectFrom('devices as dv')
    .innerJoin('dealers as od', 'od.id', 'dv.dealer_id')
    .where(ownerInSubtree(scope, 'od'))
    .where('dv.id', 'in', [...deviceIds])
    .select(['dv.id', 'dv.device_code as deviceCode'])
    .execute();
  if (rows.length !== deviceIds.length) fail(ErrorCode.NOT_FOUND);
  return rows;
}
