import type { ServerResponse } from 'node:http';
import { ErrorCode } from '@dcc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { lookupSessionByHash } from '../../auth/session-repo.ts';
import type { Database } from '../../db/database.ts';
import type { DeviceEvents } from '../../events/device-events.ts';
import type { DeviceProfiles } from '../../ingest/index.ts';
import type { LiveConfig } from '../../live-config.ts';
import { withoutHidden, type VendorReader } from '../points/index.ts';
import { formatCounts, formatLiveEvent, formatResync, HEARTBEAT, isLiveEvent, type LiveEvent } from './event-format.ts';
import { endOfSession, formatEnd, type StreamEnd } from './stream-end.ts';
import { streamVisibility, type StreamVisibility } from './subtree.ts';
import type { LiveTicket } from './tickets.ts';

export interface StreamDeps {
  database: Database;
  events: DeviceEvents;
  config: LiveConfig;
  log: FastifyBaseLogger;
  /** Point tables by IoT code: which values are vendor parameters. */
  profiles: DeviceProfiles;
}

/** An event as the reader may see it: a values event without the points hidden from it (vendor-visibility.ts), null when nothing is left. */
async function readableEvent(
  event: LiveEvent,
  reader: VendorReader,
  profiles: DeviceProfiles,
): Promise<LiveEvent | null> {
  if (event.kind !== 'values' || reader.vendorParams) return event;
  const values = withoutHidden(reader, (await profiles.get(event.deviceCode))?.table, event.values);
  return values.length > 0 ? { ...event, values } : null;
}

/**
 * Serves one open event stream: forwards the bus's status, values and fault events of devices owned
 * in the subtree (dealer ids cached, re-read on a timer with the button), heartbeats, and ends when
 * the session does. A reader that lets more than maxBufferedBytes pile up is dropped, never buffered
 * without bound. Answers a function that ends the stream (server shutdown).
 */
export function serveStream(
  response: ServerResponse,
  ticket: LiveTicket,
  initial: StreamVisibility,
  deps: StreamDeps,
  onClosed: () => void,
): (reason?: string) => void {
  let { dealerIds, vendorParams, faultLevels } = initial;
  // Events are written in the order they came, though a values event may wait for its device's point table.
  let queue: Promise<void> = Promise.resolve();
  const deviceFilter = ticket.deviceIds === null ? null : new Set(ticket.deviceIds);
  let closed = false;
  let checking = false;

  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    clearInterval(scopeRefresh);
    response.end();
    onClosed();
  };
  const write = (text: string) => {
    if (closed) return;
    if (!response.write(text) && response.writableLength > deps.config.maxBufferedBytes) {
      deps.log.warn({ buffered: response.writableLength }, 'live event stream dropped: its reader is too slow');
      closed = true;
      response.destroy();
    }
  };
  const end = (code: StreamEnd) => {
    write(formatEnd(code, ticket.locale));
    close();
  };
  // Checks run one at a time; a failing database check keeps the stream (it is retried on the next tick).
  const guarded = (work: () => Promise<void>) => () => {
    if (checking || closed) return;
    checking = true;
    work()
      .catch((error: unknown) =>
        deps.log.warn({ err: error }, 'live event stream check failed; retried on the next tick'),
      )
      .finally(() => {
        checking = false;
      });
  };

  const unsubscribe = deps.events.subscribe((event) => {
    if (event.kind === 'resync') return write(formatResync(event.at));
    // A stream of chosen devices (a device page) counts nothing; the subtree's learns its counts moved.
    if (event.kind === 'counts') {
      if (!deviceFilter && event.dealerIds.some((id) => dealerIds.has(id))) write(formatCounts(event.at));
      return;
    }
    if (!isLiveEvent(event) || !dealerIds.has(event.dealerId)) return;
    if (event.kind === 'fault' && !faultLevels.has(event.level)) return;
    if (deviceFilter && (event.deviceId === null || !deviceFilter.has(event.deviceId))) return;
    queue = queue
      .then(async () => {
        const shown = await readableEvent(event, { vendorParams }, deps.profiles);
        if (shown) write(formatLiveEvent(shown, ticket.locale));
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'live event not forwarded'));
  });
  const heartbeat = setInterval(() => write(HEARTBEAT), deps.config.heartbeatMs);
  const sessionCheck = setInterval(
    guarded(async () => {
      const ending = endOfSession(await lookupSessionByHash(deps.database, ticket.tokenHash));
      if (ending !== null) end(ending);
    }),
    deps.config.sessionCheckMs,
  );
  const scopeRefresh = setInterval(
    guarded(async () => {
      const visible = await streamVisibility(deps.database, ticket.userId, ticket.dealerId);
      if (visible) ({ dealerIds, vendorParams, faultLevels } = visible);
      else end(ErrorCode.PERMISSION_DENIED);
    }),
    deps.config.scopeRefreshMs,
  );
  response.on('close', close);
  response.on('error', close);
  write('retry: 5000\n\n');
  return close;
}
