import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

/** Where the counters live: Redis (shared by every server instance) or this process's memory. */
export interface RateStoreConfig {
  /** redis://... to share the counters between instances; null keeps them in memory. */
  redisUrl: string | null;
  /** Prefix of every Redis key, so that several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
}

/** Counts hits per key in one-minute windows. */
export interface MinuteCounter {
  /** Counts a hit of this request on `key`; answers false when the key is over `perMinute` (0 turns the limit off). */
  hit(request: FastifyRequest, key: string, perMinute: number): Promise<boolean>;
}

const WINDOW_MS = 60_000;

/** The client address as a rate-limit key part: IPv6 clients are grouped by their /64, as one host usually holds it. */
export const clientKey = (request: FastifyRequest): string => normalizeIP(request.ip);

/**
 * Registers @fastify/rate-limit (with no route hooks of its own: the call pipeline asks it) on its
 * Redis store when configured, else its in-memory store, and answers the counter the limits use.
 * When Redis fails during a request the limit is skipped (logged) rather than every sign-in failing:
 * the account lock and the 120 s rule per phone live in the database and still hold.
 */
export async function useRateLimitStore(app: FastifyInstance, config: RateStoreConfig): Promise<MinuteCounter> {
  const redis = config.redisUrl ? await connectRedis(app, config.redisUrl) : null;
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: config.redisKeyPrefix } : {}),
  });
  // One limiter (one store) for every key, so that memory and Redis count the same way; the key
  // and its limit come with each request.
  const pending = new WeakMap<FastifyRequest, { key: string; perMinute: number }>();
  const limiter = app.createRateLimit({
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => pending.get(request)?.key ?? clientKey(request),
    max: (request) => pending.get(request)?.perMinute ?? 0,
  });
  return {
    async hit(request, key, perMinute) {
      if (perMinute <= 0) return true;
      pending.set(request, { key, perMinute });
      try {
        const result = await limiter(request);
        return result.isAllowed || !result.isExceeded;
      } finally {
        pending.delete(request);
      }
    },
  };
}

/** Connection attempts at start: a start on a busy machine (the event loop held by other work) can miss one 2 s connect. */
const START_ATTEMPTS = 3;

async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = await firstConnection(app, url);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

async function firstConnection(app: FastifyInstance, url: string): Promise<Redis> {
  for (let attempt = 1; ; attempt += 1) {
    // One retry per command and a short connect timeout: a Redis outage must not hold sign-ins.
    const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true });
    redis.on('error', (error: Error) => app.log.warn({ err: { message: error.message } }, 'redis (rate limits) error'));
    try {
      await redis.connect();
      await redis.ping();
      return redis;
    } catch (error) {
      redis.disconnect();
      if (attempt === START_ATTEMPTS)
        throw new Error(`REDIS_URL is set but Redis does not answer: ${(error as Error).message}`, { cause: error });
    }
  }
}
