import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';

const sameToken = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN as a bearer token
 * (docs/SECURITY.md "Operations endpoints"). Without METRICS_TOKEN it is not served at all.
 */
export function registerMetrics(app: FastifyInstance, registry: Registry, token: string | null): void {
  if (token === null) return;
  app.get(METRICS_PATH, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').header('cache-control', 'no-store').send();
    }
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
