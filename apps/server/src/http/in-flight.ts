import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Requests being answered: how many now, and a wait until none is left (or timeoutMs passed). */
export interface InFlight {
  active(): number;
  drained(timeoutMs?: number): Promise<void>;
}

/**
 * Tracks requests being answered, so that closing the server can wait for them before the
 * database goes away (otherwise a request that was mid-way fails on a closed pool).
 */
export function trackInFlight(app: FastifyInstance): InFlight {
  const active = new Set<FastifyRequest>();
  let drained: (() => void) | null = null;
  app.addHook('onRequest', async (request) => {
    active.add(request);
  });
  const finished = async (request: FastifyRequest) => {
    active.delete(request);
    if (active.size === 0) drained?.();
  };
  app.addHook('onResponse', finished);
  app.addHook('onRequestAbort', finished);
  const drainedWithin = (timeoutMs = 10_000) =>
    active.size === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
  return { active: () => active.size, drained: drainedWithin };
}
