import type net from 'node:net';
import type { Server } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { LimitsConfig } from '../limits-config.ts';

/** The Fastify server options that bound how long a connection may hold the server. */
export function connectionOptions(limits: LimitsConfig) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // Node checks the two timeouts above every interval (30 s by default): a 30 s body limit
      // would drop a stalled body only after up to a minute.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor((limits.requestTimeoutMs || 4000) / 4))),
    },
  };
}

/**
 * Addresses of trusted proxies (TRUST_PROXY as a list) as a matcher, compiled by the same
 * proxy-addr that Fastify uses for the value; `true` trusts every peer.
 */
export function trustedPeers(trustProxy: boolean | string): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false || trustProxy.trim() === '') return () => false;
  const trusted = proxyAddr.compile(
    trustProxy
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );
  return (address) => trusted(address, 0);
}

/**
 * Caps the connections one peer address holds at once: the one over the cap is destroyed before
 * any byte of it is read, so a single client cannot take every file descriptor. A trusted proxy's
 * connections are not capped (they carry many clients; the cap then belongs at the proxy).
 */
export function capConnectionsPerIp(
  server: Server,
  maxPerIp: number,
  isTrustedPeer: (address: string) => boolean,
): void {
  if (maxPerIp <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: net.Socket) => {
    const address = socket.remoteAddress ?? '';
    if (isTrustedPeer(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= maxPerIp) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
