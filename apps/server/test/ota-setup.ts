import { randomBytes } from 'node:crypto';
import { Button, ota2UploadFirmware, type Firmware } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { secretBox } from '../src/modules/devices/secret-box.ts';
import { newDealer, newMember, newUser } from './factories.ts';
import { loginAs, type TestApp } from './harness.ts';
import { postMultipart } from './uploads.ts';

/** Every button of the second-generation OTA area. */
export const OTA2_BUTTONS = [
  Button.OTA2,
  Button.OTA2_DEVICES,
  Button.OTA2_TASKS,
  Button.OTA2_ROLLBACKS,
  Button.OTA2_RECORDS,
  Button.OTA2_FIRMWARE,
];

/** Every button of the 4G OTA area. */
export const OTA4G_BUTTONS = [
  Button.OTA4G,
  Button.OTA4G_DEVICES,
  Button.OTA4G_TASKS,
  Button.OTA4G_ROLLBACKS,
  Button.OTA4G_RECORDS,
  Button.OTA4G_FIRMWARE,
  Button.OTA4G_BATCH,
];

export type Caller = { sessionid: string; dealersId: string };

/** A platform P with branch A (its child A1 holds the devices) and branch B beside it; a member of A and one of B with the OTA buttons. */
export interface OtaWorld {
  P: string;
  A: string;
  A1: string;
  B: string;
  callerA: Caller;
  callerB: Caller;
  productId: string;
}

export async function otaWorld(t: TestApp, buttons: readonly string[] = OTA2_BUTTONS): Promise<OtaWorld> {
  const db: Kysely<DB> = t.db;
  const P = await newDealer(db, { level: 0 });
  const A = await newDealer(db, { parentId: P, level: 1 });
  const A1 = await newDealer(db, { parentId: A, level: 2 });
  const B = await newDealer(db, { parentId: P, level: 1 });
  const caller = async (dealerId: string) => {
    const user = await newUser(db);
    await newMember(db, dealerId, user.id, buttons);
    return { sessionid: await loginAs(t.app, user.phone), dealersId: dealerId };
  };
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('product_key', '=', 'pkhpa200demo')
    .executeTakeFirstOrThrow();
  return { P, A, A1, B, callerA: await caller(A), callerB: await caller(B), productId: product.id };
}

/** Uploads a second-generation firmware file and answers the envelope. */
export function uploadOta2(
  t: TestApp,
  caller: Caller,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer } | null,
) {
  return postMultipart(t.app, ota2UploadFirmware.path, caller, fields, file);
}

/** Uploads a mainboard firmware of the demo heat pump (random bytes) and answers it. */
export async function newFirmware(
  t: TestApp,
  world: OtaWorld,
  options: { version?: string; size?: number; caller?: Caller } = {},
): Promise<Firmware & { bytes: Buffer }> {
  const bytes = randomBytes(options.size ?? 100 * 1024);
  const answer = await uploadOta2(
    t,
    options.caller ?? world.callerA,
    {
      productId: world.productId,
      type: 'mainboard',
      version: options.version ?? '1.1.0',
      softwareCode: 'HPA200-MB',
      hardwareCode: 'HW-A2',
      supportsUpgrade: 'true',
    },
    { name: `main-${options.version ?? '1.1.0'}.plcx`, bytes },
  );
  if (answer.body.error_code !== 0) throw new Error(`firmware upload failed: ${JSON.stringify(answer.body)}`);
  return { ...(answer.body.objectResult as Firmware), bytes };
}

/** `count` activated devices of a product and dealer running `version`, coded `${prefix}-NNNN`, in one insert. */
export async function bulkOtaDevices(
  t: TestApp,
  options: { dealerId: string; productId: string; prefix: string; count: number; version?: string },
): Promise<Array<{ id: string; code: string; secret: string }>> {
  const box = secretBox(t.config.deviceSecretKey);
  const made = Array.from({ length: options.count }, (_, k) => {
    const code = `${options.prefix}-${String(k).padStart(4, '0')}`;
    return { code, secret: `secret-${code}` };
  });
  const rows = await t.db
    .insertInto('devices')
    .values(
      made.map((d) => ({
        device_code: d.code,
        device_name: d.code,
        product_id: options.productId,
        dealer_id: options.dealerId,
        secret_box: box.seal(d.secret),
        activated_at: new Date(),
        status: 'OFFLINE' as const,
        software_version: options.version ?? '1.0.0',
      })),
    )
    .returning(['id', 'device_code'])
    .execute();
  const idOf = new Map(rows.map((r) => [r.device_code, r.id]));
  return made.map((d) => ({ ...d, id: idOf.get(d.code)! }));
}
