import {
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/test-database.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import type { DeviceEvent } from './device-events.ts';
import { DEVICE_EVENTS_CHANNEL, pgDeviceEvents, type PgDeviceEvents } from './pg-device-events.ts';
import { until } from '../../test/until.ts';

/** Two server instances' buses on one PostgreSQL database. */
describe.skipIf(!process.env.DATABASE_URL)('device events across instances (LISTEN/NOTIFY)', () => {
  const env = {} as {
    scratch: { url: string; drop(): Promise<void> };
    database: Database;
    one: PgDeviceEvents;
    two: PgDeviceEvents;
    errors: string[];
  };

  beforeAll(async () => {
    env.scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    env.database = await openDatabase({ databaseUrl: env.scratch.url, pgliteDir: null, poolSize: 4 });
    await migrate(env.database);
    env.errors = [];
    const bus = () =>
      pgDeviceEvents({
        db: env.database.db,
        databaseUrl: env.scratch.url,
        reconnectMs: 100,
        onError: (_error, what) => env.errors.push(what),
      });
    [env.one, env.two] = [bus(), bus()];
    await Promise.all([env.one.ready, env.two.ready]);
  });
  afterAll(async () => {
    await env.one?.close();
    await env.two?.close();
    await env.database?.close();
    await env.scratch?.drop();
  });

  const received = (bus: PgDeviceEvents) => {
    const events: DeviceEvent[] = [];
    const stop = bus.subscribe((event) => events.push(event));
    return { events, stop };
  };
  const status = (deviceId: string): DeviceEvent => ({
    kind: 'status',
    deviceId,
    deviceCode: 'C1',
    dealerId: '1',
    status: 'ONLINE',
    code: 200,
    at: new Date().toISOString(),
  });

  /**
   * Publishes a marker from two and waits until one's listener delivers it, then takes it out of both lists:
   * a listener gets the notifications in commit order, so one has had its own earlier notifications by then
   * (to ignore), and two all of one's.
   */
  const drained = async (atOne: { events: DeviceEvent[] }, atTwo: { events: DeviceEvent[] }) => {
    const isMark = (event: DeviceEvent) => event.kind === 'status' && event.deviceId === 'drained';
    env.two.publish(status('drained'));
    await until(() => atOne.events.some(isMark), 5000);
    for (const list of [atOne.events, atTwo.events]) list.splice(list.findIndex(isMark), 1);
  };

  it('delivers an event to the other instance once, and to its own subscribers once (its own notification ignored)', async () => {
    const [atOne, atTwo] = [received(env.one), received(env.two)];
    const sent = status('11');
    env.one.publish(sent);
    await until(() => atTwo.events.length === 1, 5000);
    await drained(atOne, atTwo);
    expect(atOne.events).toEqual([sent]);
    expect(atTwo.events).toEqual([sent]);
    atOne.stop();
    atTwo.stop();
  });

  it('sends the events of one turn (an ingest batch) together and delivers them in the order published', async () => {
    const [atOne, atTwo] = [received(env.one), received(env.two)];
    const sent = Array.from({ length: 300 }, (_, k) => status(String(1000 + k)));
    for (const event of sent) env.one.publish(event);
    await until(() => atTwo.events.length === sent.length, 5000);
    await drained(atOne, atTwo);
    expect(atTwo.events).toEqual(sent);
    expect(atOne.events).toEqual(sent);
    atOne.stop();
    atTwo.stop();
  });

  it('carries a values event larger than a notification through a stored payload', async () => {
    const atTwo = received(env.two);
    const values = Array.from({ length: 2000 }, (_, address) => ({ address, value: address * 1.5 }));
    const big: DeviceEvent = {
      kind: 'values',
      deviceId: '12',
      deviceCode: 'C2',
      dealerId: '1',
      values,
      at: new Date().toISOString(),
    };
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(8000);
    env.one.publish(big);
    await until(() => atTwo.events.length === 1, 5000);
    expect(atTwo.events[0]).toEqual(big);
    atTwo.stop();
  });

  it('listens again after its connection is terminated, and tells its subscribers to re-read (resync)', async () => {
    const atTwo = received(env.two);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike ${`listen ${DEVICE_EVENTS_CHANNEL}%`}`.execute(
      env.database.db,
    );
    await until(() => env.errors.some((what) => what.includes('listener connection lost')), 5000);
    // Events published while no listener is in place are lost (live news): publish once two listens again,
    // which its resync tells.
    const statuses = () => atTwo.events.filter((event) => event.kind === 'status');
    await until(() => atTwo.events.some((event) => event.kind === 'resync'), 5000);
    env.one.publish(status('13'));
    await until(() => statuses().length > 0, 5000);
    expect(statuses()[0]).toMatchObject({ deviceId: '13' });
    // Both buses' listeners were terminated (same database): each tells its own subscribers once it listens again.
    expect(atTwo.events.filter((event) => event.kind === 'resync')).toHaveLength(1);
    expect(atTwo.events.findIndex((event) => event.kind === 'resync')).toBeLessThan(
      atTwo.events.findIndex((event) => event.kind === 'status'),
    );
    atTwo.stop();
  });
});

/** What goes over the channel, seen by a connection that listens without looking like an instance's listener. */
describe.skipIf(!process.env.DATABASE_URL)('values notifications only while another instance listens', () => {
  const env = {} as {
    scratch: { url: string; drop(): Promise<void> };
    database: Database;
    observer: pg.Client;
    seen: Notified[];
  };
  interface Notified {
    event?: DeviceEvent;
    hello?: true;
  }

  beforeAll(async () => {
    env.scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    env.database = await openDatabase({ databaseUrl: env.scratch.url, pgliteDir: null, poolSize: 4 });
    await migrate(env.database);
    env.seen = [];
    env.observer = new pg.Client({ connectionString: env.scratch.url });
    env.observer.on('notification', (message) => env.seen.push(JSON.parse(message.payload!) as Notified));
    await env.observer.connect();
    await env.observer.query(`listen ${DEVICE_EVENTS_CHANNEL}`);
    await env.observer.query('select 1');
  });
  afterAll(async () => {
    await env.observer?.end();
    await env.database?.close();
    await env.scratch?.drop();
  });

  const bus = () =>
    pgDeviceEvents({
      db: env.database.db,
      databaseUrl: env.scratch.url,
      reconnectMs: 100,
      recountMs: 100,
      onError: () => undefined,
    });
  const values = (deviceId: string): DeviceEvent => ({
    kind: 'values',
    deviceId,
    deviceCode: 'C3',
    dealerId: '1',
    values: [{ address: 1, value: 2.5 }],
    at: new Date().toISOString(),
  });
  let marker = 0;
  /** Publishes a values event, then a status marker, and answers whether the values event went out before the marker arrived. */
  const valuesSent = async (from: PgDeviceEvents): Promise<boolean> => {
    const id = String(++marker);
    env.seen.length = 0;
    from.publish(values(id));
    from.publish({
      kind: 'status',
      deviceId: id,
      deviceCode: 'C3',
      dealerId: '1',
      status: 'ONLINE',
      code: 200,
      at: new Date().toISOString(),
    });
    await until(() => env.seen.some((n) => n.event?.kind === 'status' && n.event.deviceId === id), 5000);
    return env.seen.some((n) => n.event?.kind === 'values' && n.event.deviceId === id);
  };

  it('sends none from a lone instance, sends them once another says hello, and stops after it left', async () => {
    const one = bus();
    await one.ready;
    expect(await valuesSent(one)).toBe(false);
    const two = bus();
    await two.ready;
    const atTwo: DeviceEvent[] = [];
    two.subscribe((event) => atTwo.push(event));
    // Two is ready once it said hello; one hears it on its own connection a moment later: until then it sends none.
    let heard = false;
    while (!heard) heard = await valuesSent(one);
    expect(atTwo.some((event) => event.kind === 'values')).toBe(true);
    await two.close();
    let sent = true;
    while (sent) sent = await valuesSent(one);
    expect(await valuesSent(one)).toBe(false);
    await one.close();
  });
  /**
   * Holds the answers of the instances-listening counts (the queries of pg_stat_activity) once armed, each
   * until released: the test decides when a count's answer lands.
   */
  function heldCounts() {
    const counts = new WeakSet<object>();
    const waiting: Array<() => void> = [];
    let armed = false;
    let onHeld: (() => void) | null = null;
    const plugin: KyselyPlugin = {
      transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
        if (node.kind === 'RawNode' && node.sqlFragments.join('').includes('pg_stat_activity')) counts.add(queryId);
        return node;
      },
      async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
        if (!armed || !counts.has(queryId)) return result;
        await new Promise<void>((release) => {
          waiting.push(release);
          onHeld?.();
        });
        return result;
      },
    };
    return {
      plugin,
      /** Holds every count answered from now on; resolves once one is held. */
      arm: () =>
        new Promise<void>((held) => {
          onHeld = held;
          armed = true;
        }),
      /** Lets the first held answer land, and waits until its caller has taken it. */
      releaseFirst: async () => {
        waiting.shift()?.();
        await new Promise((taken) => setImmediate(taken));
      },
      releaseAll: () => {
        armed = false;
        for (const release of waiting.splice(0)) release();
      },
    };
  }

  it('a count answered after another instance said hello does not undo the hello (the count may predate it)', async () => {
    const held = heldCounts();
    const one = pgDeviceEvents({
      db: env.database.db.withPlugin(held.plugin),
      databaseUrl: env.scratch.url,
      reconnectMs: 100,
      recountMs: 100,
      onError: () => undefined,
    });
    await one.ready;
    expect(await valuesSent(one)).toBe(false);
    // A count runs while one is alone (it finds no one) and its answer is held; later counts are held too.
    await held.arm();
    const two = bus();
    await two.ready;
    const atOne: DeviceEvent[] = [];
    one.subscribe((event) => atOne.push(event));
    // Two said hello before this marker; one takes its notifications in commit order, so it has heard the hello.
    two.publish({
      kind: 'status',
      deviceId: 'after-hello',
      deviceCode: 'C3',
      dealerId: '1',
      status: 'ONLINE',
      code: 200,
      at: new Date().toISOString(),
    });
    await until(() => atOne.some((event) => event.kind === 'status' && event.deviceId === 'after-hello'), 5000);
    await held.releaseFirst();
    expect(await valuesSent(one)).toBe(true);
    held.releaseAll();
    await two.close();
    await one.close();
  });
});
