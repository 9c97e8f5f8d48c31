import type { QueryClient } from '@tanstack/react-query';
import { ErrorCode, getPointHistory } from '@dcc/contract';
import { deviceValuesQuery } from '../deviceQueries.ts';
import { LazyCurveChart } from './lazyCurveChart.ts';
import { curveFromQuery } from './curveRange.ts';
import { pointHistoryQuery } from './historyHooks.ts';

/**
 * A curve the page's address asks for starts loading with the page, not after the device's record and
 * the tabs: its history, the points it names and the chart's code. A device the caller may not see is
 * reported by the page once; these reads keep quiet about it.
 */
export function prefetchCurve(client: QueryClient, deviceId: string, search: URLSearchParams): void {
  const asked = curveFromQuery(search);
  if (!asked || !getPointHistory.request.safeParse({ deviceId, addressList: asked.addresses, ...asked.range }).success)
    return;
  const quiet = { quietCodes: [ErrorCode.NOT_FOUND] };
  void client.prefetchQuery(pointHistoryQuery(deviceId, asked.addresses, asked.range, quiet));
  void client.prefetchQuery(deviceValuesQuery(deviceId, quiet));
  void LazyCurveChart.preload();
}
