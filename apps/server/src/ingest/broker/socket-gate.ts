import type net from 'node:net';
import type { FlowGate } from '../pipeline/flow-gate.ts';

/** The parts of an Aedes client (aedes/lib/client.js) the gate drives. */
export interface GatedClient {
  /** Set once the CONNECT was answered: a connection is gated only after its sign-in. */
  connackSent: boolean;
  /** Aedes' step that reads and parses the socket's next chunk once the packets of the last one were handled. */
  _nextBatch(): void;
  /** The keep-alive timer Aedes refreshes on every packet it reads (null without keep-alive). */
  _keepaliveTimer: NodeJS.Timeout | null;
}

/** How often the keep-alive of a waiting connection is refreshed: a device the server does not read is not timed out. */
const KEEPALIVE_REFRESH_MS = 1000;

export interface SocketGate {
  /** Reads `socket` (handled by `client`) through the gate; `resumed` learns how long it was not read. */
  attach(socket: net.Socket, client: GatedClient, resumed?: (waitedMs: number) => void): void;
  stop(): void;
}

/**
 * Device connections read through the ingest's flow gate. Aedes reads a connection's next chunk only
 * after every packet of the last one was handled (a QoS 1 report: stored); while the gate is closed
 * that read answers nothing, so the socket's buffer fills and TCP makes the device wait. The
 * connection then waits in the gate and reads again when the gate resumes it. It stays open
 * meanwhile: its keep-alive is refreshed, because it is the server that is not reading.
 */
export function socketGate(gate: FlowGate): SocketGate {
  const waiting = new Map<GatedClient, () => void>();
  const keepalive = setInterval(() => {
    for (const client of waiting.keys()) client._keepaliveTimer?.refresh();
  }, KEEPALIVE_REFRESH_MS);
  keepalive.unref();

  return {
    attach(socket, client, resumed) {
      const read = socket.read.bind(socket);
      socket.read = (size?: number) => {
        // read(0) only fills the socket's own buffer (up to its high-water mark); it hands Aedes nothing.
        if (size === 0 || !client.connackSent || gate.isOpen()) return read(size);
        if (!waiting.has(client)) {
          const since = Date.now();
          const cancel = gate.wait(() => {
            waiting.delete(client);
            if (socket.destroyed) return;
            resumed?.(Date.now() - since);
            client._nextBatch();
          });
          waiting.set(client, cancel);
        }
        return null;
      };
      socket.once('close', () => {
        waiting.get(client)?.();
        waiting.delete(client);
      });
    },
    stop: () => clearInterval(keepalive),
  };
}
