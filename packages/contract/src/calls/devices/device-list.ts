import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { listAnswer, pageIndexField, pageSizeField, searchField, sortOrderField } from '../people/common.ts';
import { deviceFilter } from './device-filter.ts';
import { DEVICE_SORT_FIELDS, device } from './devices.ts';

/** The device list (B94): the subtree's devices, a keyword, the filter builder, sorted by a time, paged. */
export const deviceListQuery = z
  .object({
    keyword: searchField,
    /** Absent or without conditions: no filter. */
    filter: deviceFilter.optional(),
    sortField: z.enum(DEVICE_SORT_FIELDS, { error: 'people.validation.sortField' }).default('createTime'),
    sortOrder: sortOrderField,
  })
  .strict();
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

export const listDevices = defineCall({
  path: `${CLOUD_API}/device/list`,
  description:
    "Devices owned by the subtree's dealers; the keyword matches part of the IoT code, name or SN; the filter's conditions joined by and/or; sorted by create or last online time; pages.",
  auth: 'session',
  button: Button.DEVICES,
  request: deviceListQuery.extend({
    pageIndex: pageIndexField,
    /** Spec section 2: tables page by 10 (the people lists' default); at most 999. */
    pageSize: pageSizeField,
  }),
  /** totalSize is exact when totalExact; otherwise the rows counted ten pages ahead (countDevices answers the exact number). */
  response: listAnswer(
    device.extend({ /** In the caller's favourites (collectionManage). */ followed: z.boolean() }),
  ).extend({ totalExact: z.boolean() }),
});

export const countDevices = defineCall({
  path: `${CLOUD_API}/device/count`,
  description:
    'How many devices of the subtree match the keyword and filter: exactly, or with upTo exactly up to 10,000 (the list counts only ten pages ahead).',
  auth: 'session',
  button: Button.DEVICES,
  request: deviceListQuery.omit({ sortField: true, sortOrder: true }).extend({
    /** Count only up to 10,000 matches (cheap whatever the fleet): the console asks so when a page's total is a lower bound. */
    upTo: z.boolean({ error: 'devices.validation.upTo' }).default(false),
  }),
  /** totalSize exact when totalExact; with upTo past 10,000 matches, 10,000 and totalExact false ("more than"). */
  response: z.object({ totalSize: z.number().int(), totalExact: z.boolean() }),
});
