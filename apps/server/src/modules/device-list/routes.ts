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
  OfflineReason,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { operatorOf } from '../device-commands/index.ts';
import { EXACT_COUNT_UP_TO } from '../../db/page.ts';
import { countDevices, countDevicesUpTo } from '../devices/index.ts';
import { listReaderOf } from '../devices/index.ts';
import type { DeviceAccess } from '../devices/index.ts';
import { deleteSelection } from './batch-delete.ts';
import type { ExportJobs } from './export-jobs.ts';
import { deviceExportWork } from './export-workbook.ts';
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
      const { deleted, deviceCodes, owners } = await deleteSelection(
        db,
        { scope, operator: await operatorOf(db, scope, ctx) },
        input.deviceIds,
      );
      for (const code of deviceCodes) access?.revoke(code, OfflineReason.DELETED);
      access?.countsChanged(owners);
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
      jobs.start(
        ctx.scope,
        ctx.actor.userId,
        ctx,
        deviceExportWork(db, {
          scope: ctx.scope,
          reader: await listReaderOf(db, ctx, input),
          query: input,
          locale: ctx.locale,
          timeZone: ctx.timeZone,
        }),
      ),
    ),
    scopedRoute(getDeviceExport, (input, ctx) => jobs.progress(input.jobId, ctx.actor.userId, ctx.scope.dealerId)),
  ];
}
