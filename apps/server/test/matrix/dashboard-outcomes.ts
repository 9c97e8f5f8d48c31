import { CLOUD_API } from '@dcc/contract';
import { loadConfig } from '../../src/config.ts';
import { secretBox } from '../../src/modules/devices/secret-box.ts';
import { newDevice } from '../factories.ts';
import type { MatrixContext, PermissionOutcome } from './permission-outcomes.ts';

/** The home dashboard calls' entries of the permission matrix (issue 21): each succeeds with its button. */

const at = (path: string): string => `${CLOUD_API}/${path}`;
const box = secretBox(loadConfig({}).deviceSecretKey);
const device = async (ctx: MatrixContext) => {
  const id = await newDevice(ctx.t.db, ctx.company, box);
  const row = await ctx.t.db.selectFrom('devices').select('device_code').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, code: row.device_code };
};
const days = { startTime: '2025-03-01', endTime: '2025-03-07' };

export const DASHBOARD_OUTCOMES: Record<string, PermissionOutcome> = {
  [at('statistics/getDealersStats')]: {},
  [at('statistics/getAddDeviceByDay')]: { body: () => days },
  [at('statistics/getDeviceAuditNum')]: { body: () => days },
  [at('statistics/getOnlineDeviceNumber')]: { body: () => days },
  [at('statistics/getDeviceRatio')]: {},
  [at('device/queryImportantDevice')]: {},
  [at('device/updateImportantStatus')]: { body: async (ctx) => ({ deviceId: (await device(ctx)).id, isImportant: 1 }) },
  [at('device/getPointPosition')]: { body: async (ctx) => ({ deviceCode: (await device(ctx)).code }) },
  [at('deviceFault/fault_now')]: { body: async (ctx) => ({ deviceId: (await device(ctx)).id }) },
  [at('device/getAddressHistoryValue')]: {
    body: async (ctx) => ({
      deviceCode: (await device(ctx)).code,
      startTime: '2026-11-01T00:00:00Z',
      endTime: '2026-11-02T00:00:00Z',
      addressList: [13],
    }),
  },
};
