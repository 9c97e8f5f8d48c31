import { DEVICE_REGISTER_PATH, deviceRegistrationRequest, ErrorCode } from '@dcc/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { badRequest, fail, okEnvelope } from '../../http/app-error.ts';
import { localeOf } from '../../http/locale.ts';
import { clientKey, type MinuteCounter } from '../../http/rate-limiter.ts';
import type { LiveConfig } from '../../live-config.ts';
import type { DeviceAccess, SecretBox } from '../devices/index.ts';
import { registerDevice } from './register.ts';

/** POST DEVICE_REGISTER_PATH: a device registers itself (no session; rate limited per IP); it is admitted like a device added in the console. */
export function registerDeviceRegistration(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; box: SecretBox; counter: MinuteCounter; config: LiveConfig; access?: DeviceAccess },
): void {
  app.post(DEVICE_REGISTER_PATH, async (request) => {
    const locale = localeOf(request);
    if (!(await deps.counter.hit(request, `register:${clientKey(request)}`, deps.config.registrationsPerIpPerMinute)))
      fail(ErrorCode.RATE_LIMITED);
    const parsed = deviceRegistrationRequest.safeParse(request.body);
    if (!parsed.success) throw badRequest(parsed.error.issues, locale);
    const registered = await registerDevice(
      deps.db,
      deps.box,
      parsed.data,
      deps.config.registrationWindowSeconds,
      (owner) => deps.access?.countsChanged([owner]),
    );
    deps.access?.admit(registered.deviceCode);
    return okEnvelope(registered, locale);
  });
}
