import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { idField, pageIndexField, pageSizeOf } from '../people/common.ts';
import { device } from '../devices/devices.ts';

/**
 * The home dashboard's overview and key device inspection (issue 21, spec section 2 "Home dashboard", section 7).
 * Every figure is over the devices of the current company's subtree; `dealersId` of the spec is the context
 * field every console call carries (the company acted for), so these requests do not repeat it.
 */

/** Spec section 9: the dashboard's tables show 10 rows. */
export const DASHBOARD_TABLE_PAGE_SIZE = 10;

/** Overview stats of spec section 3: total devices and those online now (offline is total minus online). */
export const overviewStats = z.object({ total: z.number().int(), onlineAmount: z.number().int() });
export type OverviewStats = z.infer<typeof overviewStats>;

export const getDealersStats = defineCall({
  path: `${CLOUD_API}/statistics/getDealersStats`,
  description: "The subtree's devices: how many, and how many are ONLINE now (moves live with presence).",
  auth: 'session',
  button: Button.HOME,
  request: z.object({}).strict(),
  response: overviewStats,
});

export const queryImportantDevice = defineCall({
  path: `${CLOUD_API}/device/queryImportantDevice`,
  description:
    "The key device inspection tab: the caller's followed devices (favourites) that lie in the subtree, most recently followed first.",
  auth: 'session',
  button: Button.HOME_KEY_DEVICES,
  request: z
    .object({
      pageIndex: pageIndexField,
      pageSize: pageSizeOf(999, DASHBOARD_TABLE_PAGE_SIZE),
    })
    .strict(),
  /** Each device with its name, product and series, status and faultState (a fault open now). */
  response: z.object({ dataList: z.array(device), total: z.number().int() }),
});

export const updateImportantStatus = defineCall({
  path: `${CLOUD_API}/device/updateImportantStatus`,
  description:
    'Follows (1) or unfollows (0) a device of the subtree for the caller: the same favourites as collectionManage.',
  auth: 'session',
  button: Button.HOME_KEY_DEVICES,
  request: z
    .object({
      deviceId: idField('devices.validation.deviceId'),
      isImportant: z.union([z.literal(0), z.literal(1)], { error: 'dashboard.validation.isImportant' }),
    })
    .strict(),
  response: z.null(),
});
