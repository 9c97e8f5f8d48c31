import {
  getLogExport,
  getLogRetention,
  updateLogRetention,
  listApiLog,
  listCommunicationLog,
  listOperationLog,
  queryCommunicationLog,
  startApiLogExport,
  startCommunicationLogExport,
  startCommunicationQueryExport,
  startOperationLogExport,
  startAccountLogExport,
  listModuleLinkLog,
  listReportModeLog,
  startModuleLinkLogExport,
  startReportModeLogExport,
} from '@dcc/contract';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import type { ExportJobs } from '../device-list/index.ts';
import { offsetOf } from '../../db/page.ts';
import { apiLogPage } from './api-log-repo.ts';
import { communicationLog, communicationQuery, dtuLog, operationLog, type DeviceLogDeps } from './device-logs.ts';
import { moduleLinkPage, reportModePage } from './dtu-log-repo.ts';
import { retentionSettings, setRetentionDays } from './retention-settings.ts';
import {
  accountLogExportWork,
  apiLogExportWork,
  communicationExportWork,
  communicationQueryExportWork,
  moduleLinkExportWork,
  operationExportWork,
  reportModeExportWork,
} from './log-export.ts';

/**
 * Log management (B174): the API call log (B175), the device communication, operation, module communication
 * and mode logs (B176), the query (B225), and the export of each search through the device list's export jobs.
 */
export function logRoutes(deps: DeviceLogDeps & { exportJobs: ExportJobs }): CallRoute[] {
  const jobs = deps.exportJobs;
  return [
    scopedRoute(listApiLog, (input, ctx) => {
      const { pageIndex, pageSize, ...search } = input;
      return apiLogPage(deps.db, ctx.scope, search, {
        timeZone: ctx.timeZone,
        locale: ctx.locale,
        limit: pageSize,
        offset: offsetOf(pageIndex, pageSize),
      });
    }),
    scopedRoute(listCommunicationLog, (input, ctx) => communicationLog(deps, ctx, input)),
    scopedRoute(queryCommunicationLog, (input, ctx) => communicationQuery(deps, ctx, input)),
    scopedRoute(listOperationLog, (input, ctx) => operationLog(deps, ctx, input)),
    scopedRoute(listModuleLinkLog, (input, ctx) => dtuLog(deps, ctx, input, moduleLinkPage)),
    scopedRoute(listReportModeLog, (input, ctx) => dtuLog(deps, ctx, input, reportModePage)),
    scopedRoute(startApiLogExport, (input, ctx) =>
      jobs.start(ctx.scope, ctx.actor.userId, ctx, apiLogExportWork(deps, ctx, input)),
    ),
    scopedRoute(startCommunicationLogExport, async (input, ctx) =>
      jobs.start(ctx.scope, ctx.actor.userId, ctx, await communicationExportWork(deps, ctx, input)),
    ),
    scopedRoute(startCommunicationQueryExport, (input, ctx) =>
      jobs.start(ctx.scope, ctx.actor.userId, ctx, communicationQueryExportWork(deps, ctx, input)),
    ),
    scopedRoute(startOperationLogExport, async (input, ctx) =>
      jobs.start(ctx.scope, ctx.actor.userId, ctx, await operationExportWork(deps, ctx, input)),
    ),
    scopedRoute(startModuleLinkLogExport, async (input, ctx) =>
      jobs.start(ctx.scope, ctx.actor.userId, ctx, await moduleLinkExportWork(deps, ctx, input)),
    ),
    scopedRoute(startReportModeLogExport, async (input, ctx) =>
      jobs.start(ctx.scope, ctx.actor.userId, ctx, await reportModeExportWork(deps, ctx, input)),
    ),
    scopedRoute(startAccountLogExport, (input, ctx) =>
      jobs.start(ctx.scope, ctx.actor.userId, ctx, accountLogExportWork(deps, ctx, input)),
    ),
    scopedRoute(getLogExport, (input, ctx) => jobs.progress(input.jobId, ctx.actor.userId, ctx.scope.dealerId)),
    scopedRoute(getLogRetention, () => retentionSettings(deps.db)),
    scopedRoute(updateLogRetention, (input) => setRetentionDays(deps.db, input.kind, input.days)),
  ];
}
