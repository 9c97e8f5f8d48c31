import { ALL_BUTTON_IDS, Button } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { hashPasswordDigest, md5Hex } from '../../auth/password.ts';
import type { DB } from '../schema.ts';
import { insertDealer, insertMember, insertRole, insertUser } from './people.ts';
import { claimSeedMarker } from './seed-marker.ts';

export const DEMO_PASSWORD = 'Demo@123456';

/** Demo accounts by phone, as documented in the README. */
export const DemoPhone = {
  OPERATOR: '13800000000',
  TWO_COMPANIES: '13900000001',
  LEVEL2_DEVICES_ONLY: '13900000002',
  CUSTOMER: '13700000001',
  SHARED_PHONE: '13900000003',
  NO_COMPANY: '13900000004',
  PASSWORD_DUE: '13900000005',
} as const;

/** The password of the PASSWORD_DUE account was last changed this many days ago (over the 90-day rule). */
const PASSWORD_DUE_AGE_DAYS = 120;

const MARKER = 'demo_seeded_at';

/** Inserts the demo data once; answers false when it was already there. */
export async function seedDemo(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimSeedMarker(trx, MARKER))) return false;
    await insertDemoRows(trx);
    return true;
  });
}

async function insertDemoRows(db: Kysely<DB>): Promise<void> {
  const passwordHash = await hashPasswordDigest(md5Hex(DEMO_PASSWORD));
  const platform = await insertDealer(db, {
    name: 'Aurora Heat Pumps Platform',
    code: 'AURORA',
    level: 0,
    parentId: null,
    area: 'China',
  });
  const north = await insertDealer(db, {
    name: 'North China Distribution',
    code: 'D1-NORTH',
    level: 1,
    parentId: platform,
    area: 'Beijing',
  });
  const east = await insertDealer(db, {
    name: 'East China Distribution',
    code: 'D1-EAST',
    level: 1,
    parentId: platform,
    area: 'Shanghai',
  });
  const beijing = await insertDealer(db, {
    name: 'Beijing Installers',
    code: 'D2-BEIJING',
    level: 2,
    parentId: north,
    area: 'Beijing',
  });
  const haidian = await insertDealer(db, {
    name: 'Haidian Service Point',
    code: 'D3-HAIDIAN',
    level: 3,
    parentId: beijing,
    area: 'Beijing Haidian',
  });

  const operatorRole = await insertRole(db, {
    dealerId: platform,
    name: 'Platform operator',
    buttons: ALL_BUTTON_IDS,
    viewLevelMax: 5,
  });
  const dealerDeviceRole = await insertRole(db, {
    dealerId: north,
    name: 'Dealer and device manager',
    buttons: [
      Button.HOME,
      Button.HOME_KEY_DEVICES,
      Button.DEVICE_MANAGE,
      Button.DEVICES,
      Button.DEVICE_DETAIL_LINK,
      Button.DEALER_MANAGE,
      Button.DEALERS,
      Button.MEMBERS,
      Button.ROLES,
      Button.CUSTOMERS,
    ],
    viewLevelMax: 3,
  });
  const homeProjectRole = await insertRole(db, {
    dealerId: east,
    name: 'Home and project staff',
    buttons: [Button.HOME, Button.HOME_KEY_PROJECTS, Button.PROJECT_MANAGE, Button.PROJECTS],
  });
  const deviceViewerRole = await insertRole(db, {
    dealerId: beijing,
    name: 'Device viewer',
    buttons: [Button.HOME, Button.DEVICE_MANAGE, Button.DEVICES],
  });
  const serviceRole = await insertRole(db, {
    dealerId: haidian,
    name: 'Service staff',
    buttons: [Button.HOME, Button.DEVICE_MANAGE, Button.DEVICES, Button.FAULT_DEVICES],
  });

  const dealerUser = (userName: string, realName: string) =>
    insertUser(db, { userName, realName, identity: 'dealer', passwordHash });
  const operator = await dealerUser(DemoPhone.OPERATOR, 'Platform Operator');
  const liWei = await dealerUser(DemoPhone.TWO_COMPANIES, 'Li Wei');
  const zhangMin = await dealerUser(DemoPhone.LEVEL2_DEVICES_ONLY, 'Zhang Min');
  const wangEast = await dealerUser(DemoPhone.SHARED_PHONE, 'Wang Fang (East)');
  const wangHaidian = await dealerUser(DemoPhone.SHARED_PHONE, 'Wang Fang (Haidian)');
  await dealerUser(DemoPhone.NO_COMPANY, 'Zhao Lei');
  await insertUser(db, { userName: DemoPhone.CUSTOMER, realName: 'Chen Jie', identity: 'user', passwordHash });
  const sunLi = await insertUser(db, {
    userName: DemoPhone.PASSWORD_DUE,
    realName: 'Sun Li',
    identity: 'dealer',
    passwordHash,
    passwordChangedAt: new Date(Date.now() - PASSWORD_DUE_AGE_DAYS * 24 * 3600 * 1000),
  });

  await insertMember(db, { dealerId: platform, userId: operator, roleIds: [operatorRole] });
  await insertMember(db, { dealerId: north, userId: liWei, roleIds: [dealerDeviceRole], jurisdiction: 'Beijing' });
  await insertMember(db, { dealerId: east, userId: liWei, roleIds: [homeProjectRole], jurisdiction: 'Shanghai' });
  await insertMember(db, { dealerId: beijing, userId: zhangMin, roleIds: [deviceViewerRole] });
  await insertMember(db, { dealerId: east, userId: wangEast, roleIds: [homeProjectRole] });
  await insertMember(db, { dealerId: haidian, userId: wangHaidian, roleIds: [serviceRole] });
  await insertMember(db, { dealerId: beijing, userId: sunLi, roleIds: [deviceViewerRole] });

  await insertDemoNotices(db, operator, liWei);
  await db
    .insertInto('platform_status')
    .values({
      state: 'A',
      status: 'warning',
      message_zh: '平台将于本周六 02:00-04:00（北京时间）进行维护，期间设备数据可能延迟。',
      message_en: 'Scheduled maintenance on Saturday 02:00-04:00 (Beijing time); device data may be delayed.',
      sort: 1,
    })
    .execute();
}

async function insertDemoNotices(db: Kysely<DB>, author: string, reader: string): Promise<void> {
  const notices = [
    [
      'Welcome to the device cloud console',
      'Devices, projects and dealers are managed here. Use the company switcher in the header to change enterprise.',
    ],
    [
      'Firmware 2.3 available for 4G DTUs',
      'The new DTU firmware improves reconnection after network loss. Schedule upgrades in OTA 4G.',
    ],
    ['Winter defrost tips', 'Check the defrost settings of air-to-water heat pumps before the cold season starts.'],
    [
      'Maintenance window on Saturday',
      'The platform will be under maintenance on Saturday 02:00-04:00 (Beijing time).',
    ],
    ['New fault code E05 explained', 'E05 means a temperature sensor is open; check the sensor wiring on site.'],
  ];
  const ids: string[] = [];
  for (const [index, [title, body]] of notices.entries()) {
    const createdAt = sql<Date>`now() - make_interval(days => ${notices.length - index})`;
    const row = await db
      .insertInto('notices')
      .values({
        title: title!,
        body: body!,
        created_by: author,
        created_at: createdAt as never,
        updated_at: createdAt as never,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  await db
    .insertInto('notice_reads')
    .values(ids.slice(0, 2).map((notice_id) => ({ notice_id, user_id: reader })))
    .execute();
}
