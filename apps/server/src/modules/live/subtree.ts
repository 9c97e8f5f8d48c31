import { Button } from '@dcc/contract';
import type { Database } from '../../db/database.ts';
import { scopeWithButton, type DealerScope } from '../../auth/permission-repo.ts';

/** The dealer ids of the subtree a stream may see, while its account still holds the device list button there. */
export async function visibleDealerIds(database: Database, userId: string, dealerId: string): Promise<{ scope: DealerScope; dealerIds: Set<string> } | null> {
  const scope = await scopeWithButton(database, userId, dealerId, Button.DEVICES);
  if (!scope) return null;
  const rows = await database.db.selectFrom('dealers').select('id').where('path', 'like', `${scope.path}%`).execute();
  return { scope, dealerIds: new Set(rows.map((row) => row.id)) };
}
