import { Button } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { hashPasswordDigest, md5Hex } from '../../auth/password.ts';
import type { DB } from '../schema.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { insertMember, insertRole, insertUser } from './people.ts';

export const CATALOG_VIEWER_PHONE = '13900000016';

/**
 * A member of North China Distribution (level 1) whose role holds the product-management buttons:
 * the catalog shows read-only to every company but the level-0 one. Needs the organization demo.
 */
export async function insertCatalogViewer(db: Kysely<DB>): Promise<void> {
  const north = await db.selectFrom('dealers').select('id').where('code', '=', 'D1-NORTH').executeTakeFirst();
  if (!north) return;
  const roleId = await insertRole(db, {
    dealerId: north.id,
    name: 'Product viewer',
    description: 'Reads products, protocols and their points',
    buttons: [Button.HOME, Button.PRODUCT_MANAGE, Button.SERIES, Button.PRODUCTS, Button.PROTOCOLS, Button.DATA_TYPES],
  });
  const passwordHash = await hashPasswordDigest(md5Hex(DEMO_PASSWORD));
  const userId = await insertUser(db, {
    userName: CATALOG_VIEWER_PHONE,
    realName: 'Lu Yan',
    identity: 'dealer',
    passwordHash,
    email: 'lu.yan@aurora-demo.cn',
  });
  await insertMember(db, { dealerId: north.id, userId, roleIds: [roleId], jurisdiction: '110000' });
}
