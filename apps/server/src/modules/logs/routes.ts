import { listApiLog, listCommunicationLog, listOperationLog, queryCommunicationLog } from '@dcc/contract';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { offsetOf } from '../managed-accounts/index.ts';
import { apiLogPage } from './api-log-repo.ts';
import { communicationLog, communicationQuery, operationLog, type DeviceLogDeps } from './device-logs.ts';

/** Log management (B174): the API call log (B175), the device communication and operation logs (B176), the query (B225). */
export function logRoutes(deps: DeviceLogDeps): CallRoute[] {
  return [
    scopedRoute(listApiLog, (input, ctx) => {
      const { pageIndex, pageSize, ...search } = input;
      return apiLogPage(deps.db, ctx.scope, search, {
        timeZone: ctx.timeZone,
        limit: pageSize,
        offset: offsetOf(pageIndex, pageSize),
      });
    }),
    scopedRoute(listCommunicationLog, (input, ctx) => communicationLog(deps, ctx, input)),
    scopedRoute(queryCommunicationLog, (input, ctx) => communicationQuery(deps, ctx, input)),
    scopedRoute(listOperationLog, (input, ctx) => operationLog(deps, ctx, input)),
  ];
}
