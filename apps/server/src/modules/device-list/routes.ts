import {
  countDevices as countDevicesCall,
  deleteDevices,
  followDevices,
  getDeviceExport,
  listFavouriteDevices,
  startDeviceExport,
  unfollowDevices,
  DEVICE_EXPORT_FILE_PATH,
  ErrorCode,
  OfflineReason,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, sessionOf, type CallRoute } from '../../http/call-route.ts';
import { operatorOf } from '../device-commands/index.ts';
import { peopleScopeOf } from '../managed-accounts/index.ts';
import { countDevices, listReaderOf, type DeviceAccess } from '../devices/index.ts';
import { deleteSelection } from './batch-delete.ts';
import type { ExportJobs } from './export-jobs.ts';
import { favouritePage, follow, unfollow } from './favourites.ts';

/** The device list's count, batch delete, favourites and export calls (issue 11). */
export function deviceListRoutes(db: Kysely<DB>, jobs: ExportJobs, access?: DeviceAccess): CallRoute[] {
  return [
    route(countDevicesCall, async (input, ctx) => ({
      totalSize: await countDevices(db, peopleScopeOf(ctx), await listReaderOf(db, ctx, input), input),
    })),
    route(deleteDevices, async (input, ctx) => {
      const scope = peopleScopeOf(ctx);
      const { deleted, deviceCodes } = await deleteSelection(
        db,
        { scope, operator: await operatorOf(db, scope, ctx) },
        input.deviceIds,
      );
      for (const code of deviceCodes) access?.revoke(code, OfflineReason.DELETED);
      return { deleted };
    }),
    route(followDevices, (input, ctx) => follow(db, peopleScopeOf(ctx), sessionOf(ctx).userId, input.deviceIds)),
    route(unfollowDevices, (input, ctx) => unfollow(db, peopleScopeOf(ctx), sessionOf(ctx).userId, input.deviceIds)),
    route(listFavouriteDevices, (input, ctx) =>
      favouritePage(db, peopleScopeOf(ctx), sessionOf(ctx).userId, input, ctx.locale),
    ),
    route(startDeviceExport, async (input, ctx) =>
      jobs.start(peopleScopeOf(ctx), sessionOf(ctx).userId, await listReaderOf(db, ctx, input), input, ctx.locale),
    ),
    route(getDeviceExport, async (input, ctx) => {
      const job = await jobs.find(input.jobId, sessionOf(ctx).userId, peopleScopeOf(ctx).dealerId);
      if (!job) fail(ErrorCode.NOT_FOUND);
      return {
        state: job.state,
        writtenRows: job.writtenRows,
        totalRows: job.totalRows,
        fileName: job.fileName,
        filePath: job.state === 'done' ? `${DEVICE_EXPORT_FILE_PATH}?job=${encodeURIComponent(input.jobId)}` : null,
      };
    }),
  ];
}
