import { timingSafeEqual } from 'node:crypto';
import { OfflineReason } from '@dcc/contract';
import { deviceMayPublish, deviceMaySubscribe } from '@dcc/protocol';
import { checkDeviceLogin, SignInRefusal } from '@dcc/protocol/device-signature';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../../config.ts';
import type { DB } from '../../../db/schema.ts';
import { failedProofs } from '../../../auth/failed-proofs.ts';
import { secretBox } from '../../../modules/devices/index.ts';

export const EMQX_AUTH_PATH = '/mqtt/emqx/auth';
export const EMQX_ACL_PATH = '/mqtt/emqx/acl';
export const EMQX_HOOK_TOKEN_HEADER = 'x-emqx-hook-token';
/** How far a device's signed timestamp may be from the server's clock. */
export const EMQX_SIGNATURE_WINDOW_MS = 15 * 60_000;

/** EMQX 5's HTTP authentication/authorization answer; 'ignore' passes the decision to the next source in EMQX's chain. */
export type EmqxResult = { result: 'allow' | 'deny' | 'ignore'; is_superuser?: false };

/** The named string fields of a hook body (missing ones empty), or null when one is not a string or too long. */
function fields<K extends string>(body: unknown, names: readonly K[]): Record<K, string> | null {
  if (typeof body !== 'object' || body === null) return null;
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = (body as Record<string, unknown>)[name] ?? '';
    if (typeof value !== 'string' || value.length > 1024) return null;
    out[name] = value;
  }
  return out;
}

/**
 * EMQX's HTTP authentication and authorization hooks (docs/device-protocol.md, "External brokers").
 * Every device connection is decided here, never ignored: the sign-in by `checkDeviceLogin` against the
 * registry's secret (a disabled device refused), each publish and subscribe by `deviceMayPublish` /
 * `deviceMaySubscribe`. Only the server's own service identity (MQTT_USERNAME) is left to EMQX's
 * next source. Without EMQX_HOOK_TOKEN the routes do not exist. A failed sign-in counts against the
 * client's address (`peerhost` in the body template), never against the IoT code it claims, as on the
 * embedded broker (docs/SECURITY.md, "A limit a stranger can trip never locks out the owner").
 */
export function registerEmqxHooks(app: FastifyInstance, db: Kysely<DB>, config: Config): void {
  const token = config.externalBroker.emqxHookToken;
  if (!token) return;
  const expected = Buffer.from(token);
  const serviceUsername = config.externalBroker.username;
  const box = secretBox(config.deviceSecretKey);
  const log = app.log.child({ component: 'emqx-hooks' });
  const failures = failedProofs({
    perAddress: config.link.signInFailuresPerAddress,
    global: config.link.signInFailuresPerMinute,
    cooldownMs: config.link.reconnectCooldownMs,
  });

  const authorized = (request: FastifyRequest): boolean => {
    const given = Buffer.from(String(request.headers[EMQX_HOOK_TOKEN_HEADER] ?? ''));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const answer = (reply: FastifyReply, result: EmqxResult) => reply.header('cache-control', 'no-store').send(result);
  const deviceRow = (code: string) =>
    db.selectFrom('devices').select(['secret_box', 'disabled']).where('device_code', '=', code).executeTakeFirst();

  app.post(EMQX_AUTH_PATH, async (request, reply) => {
    if (!authorized(request)) return reply.code(401).send({ result: 'deny' });
    const body = fields(request.body, ['clientid', 'username', 'password', 'peerhost'] as const);
    if (!body) return answer(reply, { result: 'deny', is_superuser: false });
    const { clientid, username, password } = body;
    if (serviceUsername !== null && username === serviceUsername) return answer(reply, { result: 'ignore' });
    // Without the client's address in the template nothing is limited: one shared bucket would let a stranger hold every device.
    const address = body.peerhost ? normalizeIP(body.peerhost) : null;
    if (address !== null && !failures.allow(address)) {
      log.warn(
        { clientid: clientid.slice(0, 64), address },
        'EMQX sign-in refused: too many failed sign-ins from this address',
      );
      return answer(reply, { result: 'deny', is_superuser: false });
    }
    let disabled = false;
    const check = await checkDeviceLogin(
      { clientId: clientid, username, password },
      {
        nowMs: Date.now(),
        windowMs: EMQX_SIGNATURE_WINDOW_MS,
        secretOf: async (code) => {
          const row = await deviceRow(code);
          if (!row) return null;
          disabled = row.disabled;
          return box.open(row.secret_box);
        },
      },
    );
    const refusal = !check.ok ? check.code : disabled ? OfflineReason.DISABLED : null;
    if (address !== null && !check.ok && check.code !== SignInRefusal.EXPIRED) failures.failed(address);
    if (refusal !== null) {
      log.warn({ clientid: clientid.slice(0, 64), code: refusal }, 'EMQX sign-in refused');
      return answer(reply, { result: 'deny', is_superuser: false });
    }
    return answer(reply, { result: 'allow', is_superuser: false });
  });

  app.post(EMQX_ACL_PATH, async (request, reply) => {
    if (!authorized(request)) return reply.code(401).send({ result: 'deny' });
    const body = fields(request.body, ['clientid', 'username', 'topic', 'action'] as const);
    if (!body) return answer(reply, { result: 'deny' });
    const { clientid, username, topic, action } = body;
    if (serviceUsername !== null && username === serviceUsername) return answer(reply, { result: 'ignore' });
    // A device signed in as `{code}&{time}` with client id `{code}` (the auth hook checked the pair).
    if (!username.startsWith(`${clientid}&`)) return answer(reply, { result: 'deny' });
    const allowed =
      action === 'publish'
        ? deviceMayPublish(clientid, topic)
        : action === 'subscribe'
          ? deviceMaySubscribe(clientid, topic)
          : false;
    if (!allowed) {
      log.warn({ clientid, topic: topic.slice(0, 128), action }, 'EMQX device publish/subscribe refused');
      return answer(reply, { result: 'deny' });
    }
    const row = await deviceRow(clientid);
    return answer(reply, { result: row && !row.disabled ? 'allow' : 'deny' });
  });
}
