import { sql, type Kysely } from 'kysely';
import { hashPasswordDigest, md5Hex } from '../../auth/password.ts';
import type { DB } from '../schema.ts';
import { DEMO_PASSWORD, DemoPhone } from './demo.ts';
import { insertCustomer, insertDepartment, insertEngineer, insertPdaUser } from './people-records.ts';
import { claimSeedMarker } from './seed-marker.ts';

const MARKER = 'demo_people_seeded_at';

/** Demo end customers and engineers by phone (README); PDA users sign in by user name. */
export const DemoPeople = {
  CUSTOMER_HAIDIAN: '13700000002',
  CUSTOMER_EAST: '13700000003',
  CUSTOMER_LOCKED: '13700000004',
  ENGINEER_BEIJING: '13600000001',
  ENGINEER_EAST: '13600000002',
  ENGINEER_OFF_DUTY: '13600000003',
  PDA_ASSEMBLY: 'pda_zz01',
} as const;

/**
 * Inserts the people records of the demo once (departments, PDA users, end customers, engineers),
 * on top of the demo companies; answers false when they were there already or the demo is absent.
 * The existing demo customer (13700000001) becomes a customer of Beijing Installers and still signs in.
 */
export async function seedDemoPeople(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const dealers = await trx
      .selectFrom('dealers')
      .select(['id', 'code'])
      .where('code', 'in', ['AURORA', 'D1-EAST', 'D2-BEIJING', 'D3-HAIDIAN'])
      .execute();
    const dealer = new Map(dealers.map((row) => [row.code, row.id]));
    if (dealer.size < 4) return false;
    if (!(await claimSeedMarker(trx, MARKER))) return false;
    await insertDemoPeople(trx, (code) => dealer.get(code)!);
    return true;
  });
}

async function insertDemoPeople(db: Kysely<DB>, dealerId: (code: string) => string): Promise<void> {
  const passwordHash = await hashPasswordDigest(md5Hex(DEMO_PASSWORD));
  const operator = await db
    .selectFrom('users')
    .select(['id', 'real_name'])
    .where('user_name', '=', DemoPhone.OPERATOR)
    .where('identity', '=', 'dealer')
    .executeTakeFirst();
  const creator = operator ? { userId: operator.id, name: operator.real_name } : undefined;
  const platform = dealerId('AURORA');

  const assembly1 = await insertDepartment(db, {
    ownerDealerId: platform,
    code: 'ZZ-01',
    name: '总装一车间',
    productionBase: '佛山顺德生产基地',
    creator,
  });
  const assembly2 = await insertDepartment(db, {
    ownerDealerId: platform,
    code: 'ZZ-02',
    name: '总装二车间',
    productionBase: '佛山顺德生产基地',
    creator,
  });
  const quality = await insertDepartment(db, {
    ownerDealerId: platform,
    code: 'QC-01',
    name: '品质检验部',
    productionBase: '合肥生产基地',
    creator,
  });
  await insertDepartment(db, {
    ownerDealerId: platform,
    code: 'WH-01',
    name: 'Finished_goods_warehouse',
    productionBase: 'Hefei plant',
    creator,
  });

  await insertPdaUser(db, {
    departmentId: assembly1,
    userName: DemoPeople.PDA_ASSEMBLY,
    realName: '李明',
    passwordHash,
    email: 'liming@aurora-heat.example',
  });
  await insertPdaUser(db, { departmentId: assembly1, userName: 'pda_zz01_b', realName: '王强', passwordHash });
  await insertPdaUser(db, { departmentId: assembly2, userName: 'pda_zz02', realName: '周婷', passwordHash });
  await insertPdaUser(db, {
    departmentId: quality,
    userName: 'pda_qc01',
    realName: '刘芳',
    passwordHash,
    email: 'liufang@aurora-heat.example',
  });

  // The demo customer account of demo.ts gets its owner: Beijing Installers.
  const chenJie = await db
    .selectFrom('users')
    .select('id')
    .where('user_name', '=', DemoPhone.CUSTOMER)
    .where('identity', '=', 'user')
    .executeTakeFirst();
  if (chenJie)
    await db
      .insertInto('customers')
      .values({ user_id: chenJie.id, owner_dealer_id: dealerId('D2-BEIJING') })
      .execute();
  await insertCustomer(db, {
    ownerDealerId: dealerId('D3-HAIDIAN'),
    phone: DemoPeople.CUSTOMER_HAIDIAN,
    userName: '周先生',
    passwordHash,
    email: 'zhou@example.com',
  });
  await insertCustomer(db, {
    ownerDealerId: dealerId('D1-EAST'),
    phone: DemoPeople.CUSTOMER_EAST,
    userName: 'Grace Xu',
    passwordHash,
  });
  const locked = await insertCustomer(db, {
    ownerDealerId: dealerId('D2-BEIJING'),
    phone: DemoPeople.CUSTOMER_LOCKED,
    userName: '吴女士',
    passwordHash,
  });
  await db
    .updateTable('users')
    .set({ admin_locked_at: sql`now()` })
    .where('id', '=', locked)
    .execute();

  await insertEngineer(db, {
    ownerDealerId: dealerId('D2-BEIJING'),
    phone: DemoPeople.ENGINEER_BEIJING,
    name: '赵工',
    passwordHash,
    areaCodes: ['110000'],
    notes: '空气能热泵安装与维修',
  });
  await insertEngineer(db, {
    ownerDealerId: dealerId('D1-EAST'),
    phone: DemoPeople.ENGINEER_EAST,
    name: 'Qian Hao',
    passwordHash,
    areaCodes: ['310000'],
    email: 'qian.hao@example.com',
  });
  await insertEngineer(db, {
    ownerDealerId: dealerId('D3-HAIDIAN'),
    phone: DemoPeople.ENGINEER_OFF_DUTY,
    name: '孙工',
    passwordHash,
    areaCodes: ['110000'],
    notes: '休假中',
    enabled: false,
  });
}
