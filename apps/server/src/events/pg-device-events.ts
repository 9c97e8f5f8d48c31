import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/schema.ts';
import { localDeviceEvents, type DeviceEvent, type DeviceEvents } from './device-events.ts';

/** The NOTIFY channel of device events shared by every server instance on one database. */
export const DEVICE_EVENTS_CHANNEL = 'dcc_device_events';
/** pg_notify refuses payloads of 8000 bytes or more; a larger event travels as a reference to a stored row. */
const MAX_NOTIFY_BYTES = 7900;
/** How long a stored payload is kept for the other instances to read. */
const PAYLOAD_KEEP_SECONDS = 60;
/** The listener connections' application_name, by which an instance counts the others. */
const LISTENER_NAME = 'dcc-device-events';
/** How often an instance counts the other instances listening: one that left is noticed this late (one that came says hello at once). */
const LISTENERS_RECOUNT_MS = 5000;

interface Notification {
  /** The instance that published it (it ignores its own). */
  origin: string;
  event?: DeviceEvent;
  /** device_event_payloads.id of an event too large for the notification. */
  ref?: string;
  /** An instance that has just started listening. */
  hello?: true;
}

export interface PgDeviceEvents extends DeviceEvents {
  /** Settles once the first LISTEN is in place. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface PgDeviceEventsOptions {
  db: Kysely<DB>;
  databaseUrl: string;
  onError(error: unknown, what: string): void;
  /** Delay before listening again after the connection was lost. */
  reconnectMs?: number;
  /** How often the other listening instances are counted (default 5 s). */
  recountMs?: number;
}

/** The longest wait between two attempts to listen again. */
const MAX_RECONNECT_MS = 30_000;

/**
 * Device events across server instances: publish emits locally at once and NOTIFYs the others;
 * a dedicated client LISTENs and re-emits what other instances published, listening again after a
 * connection loss (after reconnectMs, doubling up to 30 s while it fails). Events other instances
 * published while it was away are lost; once it listens again it emits a local `resync` event, and
 * consumers re-read from the database, which stays the truth (live streams tell their consoles).
 * Values events (the ingest's, one per device and batch: most of the traffic) are NOTIFYed only while
 * another instance listens: an instance says hello when it starts listening, and each counts the
 * other listeners every few seconds; a lone instance sends none.
 */
export function pgDeviceEvents(options: PgDeviceEventsOptions): PgDeviceEvents {
  const local = localDeviceEvents();
  const origin = randomUUID();
  const reconnectMs = options.reconnectMs ?? 1000;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  let lost = false;
  let listenerPid = -1;
  // Until counted, assume another instance listens: an event must not be lost for a guess.
  let othersListen = true;
  // Hellos heard so far: a count whose answer comes after a hello must not undo it (it may predate that instance).
  let hellos = 0;

  // Its own notifications come back too: recognised by their opening, without parsing them.
  const own = JSON.stringify({ origin }).slice(0, -1);
  const receive = async (payload: string | undefined) => {
    if (!payload || payload.startsWith(own)) return;
    const note = JSON.parse(payload) as Notification;
    if (note.origin === origin) return;
    if (note.hello) {
      hellos += 1;
      othersListen = true;
      return;
    }
    if (note.event) return local.publish(note.event);
    if (!note.ref) return;
    const row = await options.db
      .selectFrom('device_event_payloads')
      .select('payload')
      .where('id', '=', note.ref)
      .executeTakeFirst();
    if (row) local.publish(JSON.parse(row.payload) as DeviceEvent);
  };

  const listen = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl, application_name: LISTENER_NAME });
    next.on('notification', (message) => {
      if (message.channel !== DEVICE_EVENTS_CHANNEL) return;
      receive(message.payload).catch((error: unknown) => options.onError(error, 'reading a device event notification'));
    });
    next.on('error', (error) => {
      options.onError(error, 'device event listener connection lost; listening again');
      relisten(next);
    });
    next.on('end', () => relisten(next));
    client = next;
    await next.connect();
    listenerPid = Number((await next.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
    await next.query(`listen ${DEVICE_EVENTS_CHANNEL}`);
    failures = 0;
    if (lost) {
      lost = false;
      local.publish({ kind: 'resync', at: new Date().toISOString() });
    }
    await sql`select pg_notify(${DEVICE_EVENTS_CHANNEL}, ${JSON.stringify({ origin, hello: true } satisfies Notification)})`.execute(
      options.db,
    );
    // After listening: an instance that starts meanwhile is either counted here or heard saying hello.
    await countOthers().catch(() => (othersListen = true));
  };
  const countOthers = async () => {
    const hellosBefore = hellos;
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> ${listenerPid}
        and (application_name = ${LISTENER_NAME} or query ilike ${`listen ${DEVICE_EVENTS_CHANNEL}%`})`.execute(
      options.db,
    );
    othersListen = rows[0]!.n > 0 || hellos !== hellosBefore;
  };
  const recount = setInterval(() => {
    countOthers().catch((error: unknown) => {
      othersListen = true;
      options.onError(error, 'counting the instances listening for device events');
    });
  }, options.recountMs ?? LISTENERS_RECOUNT_MS);
  recount.unref();

  const relisten = (gone: pg.Client) => {
    if (closed || client !== gone || retry) return;
    client = null;
    lost = true;
    gone.end().catch(() => undefined);
    const wait = Math.min(reconnectMs * 2 ** failures, MAX_RECONNECT_MS);
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      listen().catch((error: unknown) => {
        options.onError(error, 'listening for device events failed; trying again');
        if (client) relisten(client);
      });
    }, wait);
  };

  // Events published in one turn of the event loop (the ingest publishes a batch's at once) go out
  // in one statement, one batch after the other: one NOTIFY per event, in the order published.
  let queued: string[] = [];
  let sending: Promise<void> = Promise.resolve();
  const sendQueued = async () => {
    const notes = queued;
    queued = [];
    await sql`select pg_notify(${DEVICE_EVENTS_CHANNEL}, n::text) from json_array_elements(${`[${notes.join(',')}]`}::json) as n`.execute(
      options.db,
    );
  };
  const notifyLarge = async (event: DeviceEvent) => {
    const row = await options.db
      .insertInto('device_event_payloads')
      .values({ payload: JSON.stringify(event) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`select pg_notify(${DEVICE_EVENTS_CHANNEL}, ${JSON.stringify({ origin, ref: row.id } satisfies Notification)})`.execute(
      options.db,
    );
    await options.db
      .deleteFrom('device_event_payloads')
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${PAYLOAD_KEEP_SECONDS})`)
      .execute();
  };
  const notify = (event: DeviceEvent): Promise<void> => {
    const inline = JSON.stringify({ origin, event } satisfies Notification);
    if (Buffer.byteLength(inline) >= MAX_NOTIFY_BYTES) return notifyLarge(event);
    queued.push(inline);
    if (queued.length === 1) sending = sending.catch(() => undefined).then(sendQueued);
    return sending;
  };

  return {
    ready: listen().catch((error: unknown) => {
      options.onError(error, 'listening for device events failed; trying again');
      if (client) relisten(client);
    }),
    publish(event) {
      local.publish(event);
      if (event.kind === 'values' && !othersListen) return;
      notify(event).catch((error: unknown) => options.onError(error, 'notifying other instances of a device event'));
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      clearInterval(recount);
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
