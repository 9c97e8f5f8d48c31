import type { FastifyInstance } from 'fastify';
import type { Readiness } from './readiness.ts';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/**
 * /healthz: the process answers (a restart is the cure when it does not). /readyz: it can serve (the
 * database answers, migrations current, broker link up); 503 tells a load balancer to send calls elsewhere.
 * Both unauthenticated: they say nothing but these states.
 */
export function registerHealth(app: FastifyInstance, readiness: () => Promise<Readiness>): void {
  app.get(HEALTH_PATH, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'up' }));
  app.get(READY_PATH, async (_request, reply) => {
    const state = await readiness();
    return reply
      .code(state.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(state);
  });
}
