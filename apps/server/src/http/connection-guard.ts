import net from 'node:net';
import type { Server } from 'node:http';
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

const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Addresses of trusted proxies (TRUST_PROXY as a list) as a matcher; `true` trusts every peer. */
export function trustedPeers(trustProxy: boolean | string): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false || trustProxy.trim() === '') return () => false;
  const list = new net.BlockList();
  const entries = trustProxy.split(',').map((entry) => entry.trim()).filter(Boolean).flatMap((entry) => NAMED_RANGES[entry] ?? [entry]);
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!net.isIP(address)) continue;
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
    return list.check(plain, net.isIPv6(plain) ? 'ipv6' : 'ipv4');
  };
}

/**
 * Caps the connections one peer address holds at once: the one over the cap is destroyed before
 * any byte of it is read, so a single client cannot take every file descriptor. A trusted proxy's
 * connections are not capped (they carry many clients; the cap then belongs at the proxy).
 */
export function capConnectionsPerIp(server: Server, maxPerIp: number, isTrustedPeer: (address: string) => boolean): void {
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
