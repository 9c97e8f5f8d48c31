import { createHmac } from 'node:crypto';
import { OfflineReason } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { SecretBox } from '../../modules/devices/secret-box.ts';
import type { DB } from '../schema.ts';
import { demoDeviceState } from './demo-fleet-states.ts';
import { claimSeedMarker } from './seed-marker.ts';

const MARKER = 'demo_fleet_seeded_at';
export const DEMO_FLEET_SIZE = 200;
/** Every eighth demo device is a water heater, the rest heat pumps. */
const WATER_HEATER_EVERY = 8;
/** The demo dealers the fleet is spread over (base and organization demo). */
const DEMO_FLEET_DEALERS = ['D1-NORTH', 'D2-BEIJING', 'D3-HAIDIAN', 'D1-EAST', 'D2-PUDONG', 'D2-TIANJIN', 'AURORA'];
/**
 * Demo device secrets are DERIVABLE by anyone who reads this file: HMAC-SHA256 of the IoT code under
 * this public key. That is what lets the in-process simulator sign in without a secrets file, and it
 * is only acceptable for the demo database (docs/SECURITY.md, "Demo fleet secrets"); registered
 * devices get random secrets (newDeviceSecret).
 */
const DEMO_FLEET_SECRET_KEY = 'dcc demo fleet secrets: derivable, demo database only';

export type DemoProductKind = 'heatPump' | 'waterHeater';

/** A demo device as the simulator needs it: IoT code, secret, product kind; and where the seed registers it. */
export interface DemoFleetDevice {
  code: string;
  secret: string;
  kind: DemoProductKind;
  productKey: string;
  dealerCode: string;
}

export const demoFleetSecret = (code: string): string =>
  createHmac('sha256', DEMO_FLEET_SECRET_KEY).update(code).digest('hex');

/** The demo fleet: HP2406A0001… (空气源热泵 A200) and WH2406X0001… (智能热水器 X1), round the demo dealers. */
export function demoFleet(): DemoFleetDevice[] {
  let pumps = 0;
  let heaters = 0;
  return Array.from({ length: DEMO_FLEET_SIZE }, (_, i) => {
    const heater = i % WATER_HEATER_EVERY === WATER_HEATER_EVERY - 1;
    const code = heater ? `WH2406X${String(++heaters).padStart(4, '0')}` : `HP2406A${String(++pumps).padStart(4, '0')}`;
    return {
      code,
      secret: demoFleetSecret(code),
      kind: heater ? 'waterHeater' : 'heatPump',
      productKey: heater ? 'pkwhx1demo01' : 'pkhpa200demo',
      dealerCode: DEMO_FLEET_DEALERS[i % DEMO_FLEET_DEALERS.length]!,
    };
  });
}

/**
 * Registers the demo fleet once, on top of the demo people, organization and catalog (which it needs):
 * secrets sealed with the secret box as the registry does. Answers false when done before or when the
 * demo products or dealers are missing.
 */
export async function seedDemoFleet(db: Kysely<DB>, box: SecretBox): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const products = await trx
      .selectFrom('products')
      .select(['id', 'product_key'])
      .where('product_key', 'in', ['pkhpa200demo', 'pkwhx1demo01'])
      .execute();
    const dealers = await trx
      .selectFrom('dealers')
      .select(['id', 'code'])
      .where('code', 'in', DEMO_FLEET_DEALERS)
      .execute();
    if (products.length < 2 || dealers.length === 0) return false;
    if (!(await claimSeedMarker(trx, MARKER))) return false;
    const productId = new Map(products.map((p) => [p.product_key, p.id]));
    const dealerId = new Map(dealers.map((d) => [d.code, d.id]));
    const fallbackDealer = dealers[0]!.id;
    // Most demo units were activated in the past (ONLINE while the fleet runs); every tenth still waits
    // for activation, so the console shows UNACTIVE devices and activation can be tried.
    const activatedAt = new Date(Date.now() - 90 * 86_400_000);
    const warrantyUntil = new Date(activatedAt.getTime() + 3 * 365 * 86_400_000);
    const now = Date.now();
    const rows = demoFleet().map((d, i) => ({
      ...(i % 10 === 9 ? {} : { activated_at: activatedAt, warranty_until: warrantyUntil, status: 'OFFLINE' as const }),
      ...offlineColumns(d.code, now),
      locked: demoDeviceState(d.code).locked ?? false,
      device_code: d.code,
      device_name: `${d.kind === 'heatPump' ? 'Heat pump' : 'Water heater'} ${d.code.slice(-4)}`,
      product_id: productId.get(d.productKey)!,
      model: d.kind === 'heatPump' ? 'A200' : 'X1',
      sn: `SN${d.code}`,
      address: `Demo site ${i + 1}`,
      dealer_id: dealerId.get(d.dealerCode) ?? fallbackDealer,
      secret_box: box.seal(d.secret),
    }));
    const inserted = await trx
      .insertInto('devices')
      .values(rows)
      .onConflict((c) => c.column('device_code').doNothing())
      .returning(['id', 'device_code', 'last_online_at', 'offline_code'])
      .execute();
    const wentOffline = inserted.filter((r) => r.offline_code !== null && r.last_online_at !== null);
    if (wentOffline.length > 0)
      await trx
        .insertInto('device_status_events')
        .values(
          wentOffline.flatMap((r) => [
            { device_id: r.id, connected: true, code: OfflineReason.NORMAL, at: activatedAt },
            { device_id: r.id, connected: false, code: r.offline_code!, at: r.last_online_at! },
          ]),
        )
        .execute();
    return true;
  });
}

/** A demo device that went offline: when it was last online and why it went. */
function offlineColumns(code: string, now: number) {
  const offline = demoDeviceState(code).offline;
  if (!offline) return {};
  return { offline_code: offline.code, last_online_at: new Date(now - offline.hoursAgo * 3_600_000) };
}
