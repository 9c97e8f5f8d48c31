import { queryNationInfo } from '@dcc/contract';
import { route, type CallRoute } from '../../http/call-route.ts';
import { divisionsUnder } from './divisions.ts';

export function nationRoutes(): CallRoute[] {
  return [route(queryNationInfo, async (input) => divisionsUnder(input.parentId))];
}
