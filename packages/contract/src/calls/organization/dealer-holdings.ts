import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { device } from '../devices/devices.ts';
import { listAnswer } from '../people/common.ts';
import { project } from '../projects/fields.ts';
import { idField, pageIndexField, pageSizeField } from './fields.ts';

/**
 * What a dealer owns outside the organization (issue 21): its devices and projects, listed on the dealer
 * detail page (dealersDetail, B135) and accounted for when it is deleted or handed over. `id` is a dealer
 * of the subtree (the current company included); a foreign id answers NOT_FOUND like a missing one.
 * Only what the dealer owns itself: its sub-dealers' devices and projects are on their own pages.
 */

const ofDealer = z.object({ id: idField, pageIndex: pageIndexField, pageSize: pageSizeField }).strict();

export const listDealerDevices = defineCall({
  path: `${CLOUD_API}/dealers/devices`,
  description: "One page of the devices a dealer of the subtree owns, newest first (the device list's rows).",
  auth: 'session',
  button: Button.DEALERS,
  request: ofDealer,
  /** totalSize is exact when totalExact, otherwise counted ten pages ahead (as the device list). */
  response: listAnswer(device).extend({ totalExact: z.boolean() }),
});

export const listDealerProjects = defineCall({
  path: `${CLOUD_API}/dealers/projects`,
  description: 'One page of the projects a dealer of the subtree owns, newest first (the project list rows).',
  auth: 'session',
  button: Button.DEALERS,
  request: ofDealer,
  response: listAnswer(project),
});
