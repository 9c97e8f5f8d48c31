import type { ErrorCodeValue } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';

/** A catalog row and the rows that refer to it (which keep it from being deleted). */
type Referenced =
  | { table: 'series'; usedBy: 'products'; column: 'series_id' }
  | { table: 'data_types'; usedBy: 'protocol_points'; column: 'data_type_id' }
  | { table: 'protocols'; usedBy: 'products'; column: 'protocol_id' }
  | { table: 'products'; usedBy: 'devices'; column: 'product_id' };

/**
 * Deletes a row that nothing refers to, or fails with `inUse` and the count of the rows that do.
 * The row is locked first: a writer adding a reference to it waits, then finds it gone.
 */
export async function deleteUnlessUsed(
  trx: Kysely<DB>,
  target: Referenced & { id: string; inUse: ErrorCodeValue },
): Promise<void> {
  await trx.selectFrom(target.table).select('id').where('id', '=', target.id).forUpdate().execute();
  const used = await trx
    .selectFrom(target.usedBy)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(target.column, '=', target.id)
    .executeTakeFirstOrThrow();
  if (Number(used.n) > 0) fail(target.inUse, { count: Number(used.n) });
  await trx.deleteFrom(target.table).where('id', '=', target.id).execute();
}
