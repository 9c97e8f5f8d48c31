import { Button } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { hashPasswordDigest, md5Hex } from '../../auth/password.ts';
import type { DB } from '../schema.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { insertDealer, insertMember, insertRole, insertUser } from './people.ts';
import { claimSeedMarker } from './seed-marker.ts';

const MARKER = 'organization_demo_seeded_at';

/** Province and city (GB/T 2260) and sale scope of each demo dealer, by code. */
const DEALER_AREAS: ReadonlyArray<{ code: string; province: string; city: string; scope: string[] }> = [
  { code: 'AURORA', province: '330000', city: '330100', scope: [] },
  { code: 'D1-NORTH', province: '110000', city: '', scope: ['110000', '120000', '130000'] },
  { code: 'D1-EAST', province: '310000', city: '', scope: ['310000', '320000', '330000'] },
  { code: 'D2-BEIJING', province: '110000', city: '', scope: ['110000'] },
  { code: 'D3-HAIDIAN', province: '110000', city: '', scope: ['110000'] },
];

/**
 * Organization demo data on top of the base demo (which it needs): areas and sale scopes of the
 * demo dealers, two more sub-dealers, a few roles and members, so the dealer, member and role pages
 * look real. The base demo accounts keep their companies and buttons. Answers false when done before.
 */
export async function seedOrganizationDemo(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const platform = await trx.selectFrom('dealers').select('id').where('code', '=', 'AURORA').executeTakeFirst();
    if (!platform) return false;
    if (!(await claimSeedMarker(trx, MARKER))) return false;
    await insertOrganizationRows(trx);
    return true;
  });
}

async function dealerIdByCode(db: Kysely<DB>, code: string): Promise<string> {
  return (await db.selectFrom('dealers').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

async function insertOrganizationRows(db: Kysely<DB>): Promise<void> {
  for (const area of DEALER_AREAS) {
    const id = await dealerIdByCode(db, area.code);
    await sql`update dealers set province_code = ${area.province}, city_code = ${area.city} where id = ${id}`.execute(
      db,
    );
    for (const code of area.scope)
      await sql`insert into dealer_sale_scopes (dealer_id, area_code) values (${id}, ${code})`.execute(db);
  }
  const [platform, north, east] = await Promise.all(
    ['AURORA', 'D1-NORTH', 'D1-EAST'].map((code) => dealerIdByCode(db, code)),
  );
  const tianjin = await insertDealer(db, {
    name: 'Tianjin Service Center',
    code: 'D2-TIANJIN',
    level: 2,
    parentId: north!,
    type: 'service',
  });
  const pudong = await insertDealer(db, {
    name: 'Pudong Installers',
    code: 'D2-PUDONG',
    level: 2,
    parentId: east!,
    type: 'installer',
  });
  await sql`update dealers set province_code = '120000', contact_name = 'Ma Jun', contact_phone = '13900000012', address = '88 Nanjing Road, Heping District' where id = ${tianjin}`.execute(
    db,
  );
  await sql`update dealers set province_code = '310000', contact_name = 'Xu Ting', contact_phone = '13900000013', address = '1000 Century Avenue' where id = ${pudong}`.execute(
    db,
  );

  const auditor = await insertRole(db, {
    dealerId: platform!,
    name: 'Auditor',
    description: 'Reads the account and API logs',
    buttons: [Button.HOME, Button.LOG_MANAGE, Button.ACCOUNT_LOG, Button.API_LOG],
    viewLevelMax: 1,
  });
  const sales = await insertRole(db, {
    dealerId: north!,
    name: 'Sales assistant',
    description: 'Keeps dealers and members up to date',
    buttons: [Button.HOME, Button.DEALER_MANAGE, Button.DEALERS, Button.MEMBERS],
    viewLevelMax: 2,
  });
  const afterSales = await insertRole(db, {
    dealerId: north!,
    name: 'After-sales',
    description: 'Devices and their faults',
    buttons: [Button.HOME, Button.DEVICE_MANAGE, Button.DEVICES, Button.FAULT_DEVICES],
    viewLevelMax: 3,
  });
  const installer = await insertRole(db, {
    dealerId: pudong,
    name: 'Installer',
    description: 'Installs and commissions heat pumps',
    buttons: [Button.HOME, Button.DEVICE_MANAGE, Button.DEVICES],
  });

  const passwordHash = await hashPasswordDigest(md5Hex(DEMO_PASSWORD));
  const people: ReadonlyArray<[string, string, string, string, string]> = [
    ['13900000011', 'Qian Lin', platform!, auditor, '330000'],
    ['13900000012', 'Ma Jun', tianjin, afterSales, '120000'],
    ['13900000014', 'Zhou Qiang', north!, sales, '110000,130000'],
    ['13900000015', 'He Jing', north!, afterSales, '110000'],
    ['13900000013', 'Xu Ting', pudong, installer, '310000'],
  ];
  for (const [phone, realName, dealerId, roleId, jurisdiction] of people) {
    const userId = await insertUser(db, {
      userName: phone,
      realName,
      identity: 'dealer',
      passwordHash,
      email: `${realName.toLowerCase().replace(' ', '.')}@aurora-demo.cn`,
    });
    await insertMember(db, { dealerId, userId, roleIds: [roleId], jurisdiction });
    if (dealerId === tianjin || dealerId === pudong)
      await sql`update dealers set admin_user_id = ${userId} where id = ${dealerId}`.execute(db);
  }
}
