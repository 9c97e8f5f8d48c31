import {
  countDevices as countDevicesCall,
  deleteDevices,
  followDevices,
  getDeviceExport,
  listFavouriteDevices,
  queryImportantDevice,
  updateImportantStatus,
  startDeviceExport,
  unfollowDevices,
  DEVICE_EXPORT_FILE_PATH,
  ErrorCode,
  OfflineReason,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { operatorOf } from '../device-commands/index.ts';
import { countDevices, countDevicesUpTo, EXACT_COUNT_UP_TO } from '../devices/index.ts';
import { listReaderOf } from '../devices/index.ts';
import type { DeviceAccess } from '../devices/index.ts';
import { deleteSelection } from './batch-delete.ts';
import type { ExportJobs } from './export-jobs.ts';
import { favouritePage, follow, unfollow } from './favourites.ts';

/** The device list's count, batch delete, favourites (also as the dashboard's key devices, issue 21) and export calls (issue 11). */
export function deviceListRoutes(db: Kysely<DB>, jobs: ExportJobs, access?: DeviceAccess): CallRoute[] {
  return [
    scopedRoute(countDevicesCall, async ({ upTo, ...input }, ctx) => {
      const reader = await listReaderOf(db, ctx, input);
      return upTo
        ? countDevicesUpTo(db, ctx.scope, reader, input, EXACT_COUNT_UP_TO)
        : { totalSize: await countDevices(db, ctx.scope, reader, input), totalExact: true };
    }),
    scopedRoute(deleteDevices, async (input, ctx) => {
      const scope = ctx.scope;
      const { deleted, deviceCodes } = await deleteSelection(
        db,
        { scope, operator: await operatorOf(db, scope, ctx) },
        input.deviceIds,
      );
      for (const code of deviceCodes) access?.revoke(code, OfflineReason.DELETED);
      return { deleted };
    }),
    scopedRoute(followDevices, (input, ctx) => follow(db, ctx.scope, ctx.actor.userId, input.deviceIds)),
    scopedRoute(unfollowDevices, (input, ctx) => unfollow(db, ctx.scope, ctx.actor.userId, input.deviceIds)),
    scopedRoute(listFavouriteDevices, (input, ctx) =>
      favouritePage(db, ctx.scope, ctx.actor.userId, input, ctx.locale),
    ),
    scopedRoute(queryImportantDevice, async (input, ctx) => {
      const page = await favouritePage(db, ctx.scope, ctx.actor.userId, input, ctx.locale);
      return { dataList: page.list, total: page.totalSize };
    }),
    scopedRoute(updateImportantStatus, async (input, ctx) => {
      await (input.isImportant === 1 ? follow : unfollow)(db, ctx.scope, ctx.actor.userId, [input.deviceId]);
      return null;
    }),
    scopedRoute(startDeviceExport, async (input, ctx) =>
      jobs.start(ctx.scope, ctx.actor.userId, await listReaderOf(db, ctx, input), input, ctx),
    ),
    scopedRoute(getDeviceExport, async (input, ctx) => {
      const job = await jobs.find(input.jobId, ctx.actor.userId, ctx.scope.dealerId);
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
