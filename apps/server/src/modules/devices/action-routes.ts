import { moveDevices } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import type { DeviceProfiles } from '../../ingest/device-profiles.ts';
import { operatorOf } from '../device-commands/routes.ts';
import { peopleScopeOf } from '../managed-accounts/scope.ts';
import { moveScopedDevices } from './move.ts';

/** Registry actions on devices beyond their records (B9404 move); `profiles` forgets the devices whose owner changed. */
export function deviceActionRoutes(db: Kysely<DB>, profiles: DeviceProfiles): CallRoute[] {
  return [
    route(moveDevices, async (input, ctx) => {
      const scope = peopleScopeOf(ctx);
      const { moved, deviceCodes } = await moveScopedDevices(db, scope, await operatorOf(db, scope, ctx), input);
      for (const code of deviceCodes) profiles.forget(code);
      return { moved };
    }),
  ];
}
