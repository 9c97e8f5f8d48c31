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

interface Notification {
  /** The instance that published it (it ignores its own). */
  origin: string;
  event?: DeviceEvent;
  /** device_event_payloads.id of an event too large for the notification. */
  ref?: string;
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
}

/** The longest wait between two attempts to listen again. */
const MAX_RECONNECT_MS = 30_000;

/**
 * Device events across server instances: publish emits locally at once and NOTIFYs the others;
 * a dedicated client LISTENs and re-emits what other instances published, listening again after a
 * connection loss (after reconnectMs, doubling up to 30 s while it fails). Events other instances
 * published while it was away are lost; once it listens again it emits a local `resync` event, and
 * consumers re-read from the database, which stays the truth (live streams tell their consoles).
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

  // Its own notifications come back too: recognised by their opening, without parsing them.
  const own = JSON.stringify({ origin }).slice(0, -1);
  const receive = async (payload: string | undefined) => {
    if (!payload || payload.startsWith(own)) return;
    const note = JSON.parse(payload) as Notification;
    if (note.origin === origin) return;
    if (note.event) return local.publish(note.event);
    if (!note.ref) return;
    const row = await options.db.selectFrom('device_event_payloads').select('payload').where('id', '=', note.ref).executeTakeFirst();
    if (row) local.publish(JSON.parse(row.payload) as DeviceEvent);
  };

  const listen = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl });
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
    await next.query(`listen ${DEVICE_EVENTS_CHANNEL}`);
    failures = 0;
    if (lost) {
      lost = false;
      local.publish({ kind: 'resync', at: new Date().toISOString() });
    }
  };
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
    await sql`select pg_notify(${DEVICE_EVENTS_CHANNEL}, n::text) from json_array_elements(${`[${notes.join(',')}]`}::json) as n`.execute(options.db);
  };
  const notifyLarge = async (event: DeviceEvent) => {
    const row = await options.db.insertInto('device_event_payloads').values({ payload: JSON.stringify(event) }).returning('id').executeTakeFirstOrThrow();
    await sql`select pg_notify(${DEVICE_EVENTS_CHANNEL}, ${JSON.stringify({ origin, ref: row.id } satisfies Notification)})`.execute(options.db);
    await options.db.deleteFrom('device_event_payloads').where('created_at', '<', sql<Date>`now() - make_interval(secs => ${PAYLOAD_KEEP_SECONDS})`).execute();
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
      notify(event).catch((error: unknown) => options.onError(error, 'notifying other instances of a device event'));
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
