import { DEFAULT_TIME_ZONE, translate, type ErrorCodeValue } from '@dcc/contract';
import type { CompiledTable } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../src/auth/permission-repo.ts';
import type { DB } from '../src/db/schema.ts';
import { localDeviceEvents, type DeviceEvents } from '../src/events/device-events.ts';
import { deviceProfiles, type DeviceProfiles } from '../src/ingest/profiles/device-profiles.ts';
import { downTopicCode, trafficCountingDownlink, type Downlink } from '../src/ingest/downlink/downlink.ts';
import { commandService, type CommandService } from '../src/modules/device-commands/command-deps.ts';
import type { CommandActor } from '../src/modules/device-commands/set-values.ts';
import { AppError } from '../src/http/app-error.ts';
import { deviceResponder, type DeviceResponder } from './device-responder.ts';
import { newDealer, newDevice, newUser } from './factories.ts';
import { testScope } from './scope.ts';

/** A company P (level 0) with A -> A1 and B beside A; commands act for A; devices belong to A1 (in scope) or B (foreign). */
export interface CommandWorld {
  db: Kysely<DB>;
  events: DeviceEvents;
  profiles: DeviceProfiles;
  responder: DeviceResponder;
  service: CommandService;
  scope: DealerScope;
  P: string;
  A: string;
  A1: string;
  B: string;
  heatPump: string;
  waterHeater: string;
  actor: CommandActor;
}

const box = { seal: (secret: string) => Buffer.from(secret) };

export async function commandWorld(db: Kysely<DB>, timeoutMs = 2000): Promise<CommandWorld> {
  const P = await newDealer(db, { level: 0 });
  const A = await newDealer(db, { parentId: P, level: 1 });
  const A1 = await newDealer(db, { parentId: A, level: 2 });
  const B = await newDealer(db, { parentId: P, level: 1 });
  const productId = async (key: string) =>
    (await db.selectFrom('products').select('id').where('product_key', '=', key).executeTakeFirstOrThrow()).id;
  const events = localDeviceEvents();
  const profiles = deviceProfiles(db);
  // The simulated DTU knows its own point table, as a real one does.
  const tableCache = new Map<string, CompiledTable | null>();
  const responder = deviceResponder(events, (code) => tableCache.get(code) ?? null);
  const downlink: Downlink = {
    send: async (target, payload) => {
      const code = downTopicCode(target);
      tableCache.set(code, (await profiles.get(code))?.table ?? null);
      return responder.send(target, payload);
    },
  };
  const user = await newUser(db, { realName: '操作员 Wang' });
  return {
    db,
    events,
    profiles,
    responder,
    P,
    A,
    A1,
    B,
    service: commandService({
      db,
      downlink: trafficCountingDownlink(db, downlink, DEFAULT_TIME_ZONE),
      events,
      profiles,
      timeoutMs,
    }),
    scope: await testScope(db, A),
    heatPump: await productId('pkhpa200demo'),
    waterHeater: await productId('pkwhx1demo01'),
    actor: { userId: user.id, name: '操作员 Wang', dealerId: A, vendorParams: false },
  };
}

/** A device of `dealerId`, connected unless told otherwise, with current values by address. */
export async function commandDevice(
  world: CommandWorld,
  options: {
    dealerId?: string;
    productId?: string;
    connected?: boolean;
    locked?: boolean;
    activated?: boolean;
    values?: Record<number, number>;
  } = {},
): Promise<{ deviceId: string; deviceCode: string }> {
  const deviceId = await newDevice(world.db, options.dealerId ?? world.A1, box, options.productId ?? world.heatPump);
  const row = await world.db
    .updateTable('devices')
    .set({
      connected: options.connected ?? true,
      locked: options.locked ?? false,
      ...(options.activated
        ? { activated_at: new Date(), status: options.connected === false ? 'OFFLINE' : 'ONLINE' }
        : {}),
    })
    .where('id', '=', deviceId)
    .returning('device_code')
    .executeTakeFirstOrThrow();
  if (options.values)
    await world.db
      .insertInto('device_values')
      .values({ device_id: deviceId, point_values: JSON.stringify(options.values) })
      .execute();
  return { deviceId, deviceCode: row.device_code };
}

/** What a refused service call threw: its code, its messages in both languages, and the field it names. */
export async function refusalOf(
  work: Promise<unknown>,
): Promise<{ code: ErrorCodeValue; en: string; zh: string; field: string | null }> {
  const error = await work.then(
    () => {
      throw new Error('expected a refusal, the call succeeded');
    },
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw error;
  const details = error.details as { fieldErrors?: Array<{ field: string }> } | null;
  return {
    code: error.code,
    en: translate('en-US', error.messageKey, error.params),
    zh: translate('zh-CN', error.messageKey, error.params),
    field: details?.fieldErrors?.[0]?.field ?? null,
  };
}

export const operationsOf = (db: Kysely<DB>, deviceId: string) =>
  db.selectFrom('device_operations').selectAll().where('device_id', '=', deviceId).orderBy('id').execute();
