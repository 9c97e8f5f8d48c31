import { Button } from '@dcc/contract';
import type { Database } from '../../db/database.ts';
import { scopeWithButton, type DealerScope } from '../../auth/permission-repo.ts';
import { buttonsOfMember } from '../dealers/repo.ts';

/**
 * The dealer ids of the subtree a stream may see, while its account still holds the device list button
 * there, and whether it may see vendor-parameter values (Button.DEVICE_VENDOR_PARAMS).
 */
export async function visibleDealerIds(
  database: Database, userId: string, dealerId: string,
): Promise<{ scope: DealerScope; dealerIds: Set<string>; vendorParams: boolean } | null> {
  const scope = await scopeWithButton(database, userId, dealerId, Button.DEVICES);
  if (!scope) return null;
  const [rows, buttons] = await Promise.all([
    database.db.selectFrom('dealers').select('id').where('path', 'like', `${scope.path}%`).execute(),
    buttonsOfMember(database.db, userId, scope.dealerId),
  ]);
  return { scope, dealerIds: new Set(rows.map((row) => row.id)), vendorParams: buttons.includes(Button.DEVICE_VENDOR_PARAMS) };
}
