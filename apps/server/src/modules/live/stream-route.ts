import type { Socket } from 'node:net';
import { DEVICE_EVENTS_STREAM_PATH, ErrorCode } from '@dcc/contract';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../http/app-error.ts';
import { lookupSessionByHash } from '../../auth/session-repo.ts';
import { serveStream, type StreamDeps } from './stream.ts';
import { streamVisibility } from './subtree.ts';
import { endOfSession, formatEnd } from './stream-end.ts';
import { consumeTicket } from './tickets.ts';

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // Proxies (nginx) must pass events through at once.
  'x-accel-buffering': 'no',
  // The socket goes with the stream: a hijacked response is not handed back to keep-alive reuse.
  connection: 'close',
};

/**
 * GET DEVICE_EVENTS_STREAM_PATH?ticket=...: opens a Server-Sent Events stream with a one-time ticket
 * from openDeviceEvents. A ticket that is no ticket, or one stream too many, is refused with the usual envelope
 * and an HTTP error; a good ticket whose session or reach has ended since gets a stream whose one message is its end.
 * Answers how many streams are open now (/metrics).
 */
export function registerDeviceEventStream(app: FastifyInstance, deps: StreamDeps): () => number {
  const streamsPerSession = new Map<string, number>();
  const open = new Set<(reason?: string) => void>();
  const sockets = new Set<Socket>();
  // Hijacked sockets are outside Fastify's own bookkeeping: shutting down ends them here.
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
    for (const socket of sockets) socket.destroy();
  });

  app.get(DEVICE_EVENTS_STREAM_PATH, async (request, reply) => {
    const { ticket: value } = request.query as { ticket?: unknown };
    const ticket = typeof value === 'string' ? await consumeTicket(deps.database.db, value) : undefined;
    if (!ticket) fail(ErrorCode.LIVE_TICKET_INVALID);
    const session = await lookupSessionByHash(deps.database, ticket.tokenHash);
    const visible =
      session.state === 'live' ? await streamVisibility(deps.database, ticket.userId, ticket.dealerId) : null;
    // Ended before it opened, the stream says so as it would had it opened first: an EventSource cannot read an envelope.
    if (!visible)
      return reply
        .headers(STREAM_HEADERS)
        .send(formatEnd(endOfSession(session) ?? ErrorCode.PERMISSION_DENIED, ticket.locale));
    const held = streamsPerSession.get(ticket.tokenHash) ?? 0;
    if (held >= deps.config.maxStreamsPerSession)
      fail(ErrorCode.LIVE_TOO_MANY_STREAMS, { max: deps.config.maxStreamsPerSession });

    streamsPerSession.set(ticket.tokenHash, held + 1);
    reply.hijack();
    // The stream is kept alive by heartbeats; the idle timeout of ordinary requests does not apply.
    const socket = request.raw.socket;
    socket.setTimeout(0);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    reply.raw.writeHead(200, STREAM_HEADERS);
    const close = serveStream(reply.raw, ticket, visible, deps, () => {
      open.delete(close);
      const left = (streamsPerSession.get(ticket.tokenHash) ?? 1) - 1;
      if (left > 0) streamsPerSession.set(ticket.tokenHash, left);
      else streamsPerSession.delete(ticket.tokenHash);
    });
    open.add(close);
  });
  return () => open.size;
}
