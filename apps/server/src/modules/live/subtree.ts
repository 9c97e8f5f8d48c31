import { Button } from '@dcc/contract';
import type { Database } from '../../db/database.ts';
import { scopeWithButton, type DealerScope } from '../../auth/permission-repo.ts';
import { buttonsOfMember } from '../dealers/index.ts';
import { viewableFaultLevels } from '../device-faults/index.ts';
import { readsVendorParams } from '../points/index.ts';

/** What a stream may show: the subtree's dealer ids, vendor-parameter values or not, and which fault levels. */
export interface StreamVisibility {
  dealerIds: Set<string>;
  vendorParams: boolean;
  faultLevels: Set<number>;
}

/**
 * What a stream may see, while its account still holds the device list button there: the dealer ids of
 * the subtree, whether vendor-parameter values (Button.DEVICE_VENDOR_PARAMS), and the fault levels its
 * roles may view (viewableFaultLevels).
 */
export async function streamVisibility(
  database: Database,
  userId: string,
  dealerId: string,
): Promise<({ scope: DealerScope } & StreamVisibility) | null> {
  const scope = await scopeWithButton(database, userId, dealerId, Button.DEVICES);
  if (!scope) return null;
  const [rows, buttons, levels] = await Promise.all([
    database.db.selectFrom('dealers').select('id').where('path', 'like', `${scope.path}%`).execute(),
    buttonsOfMember(database.db, userId, scope.dealerId),
    viewableFaultLevels(database.db, userId, scope.dealerId),
  ]);
  return {
    scope,
    dealerIds: new Set(rows.map((row) => row.id)),
    vendorParams: readsVendorParams(buttons),
    faultLevels: new Set(levels),
  };
}
