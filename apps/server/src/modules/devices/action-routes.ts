import { deviceImportTemplate, importDevices, moveDevices, OfflineReason } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, scopedRoute, type CallRoute } from '../../http/call-route.ts';
import type { DeviceProfiles } from '../../ingest/index.ts';
import { operatorOf } from '../device-commands/index.ts';
import { fileRefused } from '../point-excel/index.ts';
import { excelUpload } from '../point-excel/index.ts';
import { importScopedDevices } from './import/import-devices.ts';
import { deviceImportTemplate as templateWorkbook } from './import/template.ts';
import { moveScopedDevices } from './move.ts';
import type { DeviceAccess } from './access-routes.ts';
import type { SecretBox } from './secret-box.ts';

/**
 * Registry actions on devices beyond their records: move (B9404) and Excel import (B9403). A moved
 * device's cached profile names the old owner and its connection was admitted under it: both end (401),
 * and it signs in again under the new owner. `access` admits the devices imported.
 */
export function deviceActionRoutes(
  db: Kysely<DB>,
  box: SecretBox,
  profiles: DeviceProfiles,
  access?: DeviceAccess,
): CallRoute[] {
  return [
    scopedRoute(moveDevices, async (input, ctx) => {
      const scope = ctx.scope;
      const { moved, deviceCodes, owners } = await moveScopedDevices(
        db,
        scope,
        await operatorOf(db, scope, ctx),
        input,
      );
      // Every instance forgets the profile and closes the connection (the access event).
      for (const code of deviceCodes) access?.revoke(code, OfflineReason.NO_PERMISSION);
      if (moved > 0) access?.countsChanged(owners);
      return { moved };
    }),
    scopedRoute(
      importDevices,
      async (_input, ctx) => {
        const scope = ctx.scope;
        if (!ctx.file || ctx.file.bytes.length === 0) throw fileRefused(ctx.locale, 'catalog.import.noFile');
        const imported = await importScopedDevices(
          db,
          box,
          scope,
          await operatorOf(db, scope, ctx),
          ctx.file,
          ctx.locale,
          (owners) => access?.countsChanged(owners),
        );
        // A device that tried to sign in before it was registered is cached as unknown.
        for (const device of imported.devices) {
          profiles.forget(device.deviceCode);
          access?.admit(device.deviceCode);
        }
        return imported;
      },
      excelUpload([]),
    ),
    route(deviceImportTemplate, async (_input, ctx) => templateWorkbook(ctx.locale)),
  ];
}
