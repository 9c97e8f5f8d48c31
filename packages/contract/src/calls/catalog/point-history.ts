import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { historyId, listAnswer, pageIndexField, pageSizeField, searchField, versionId } from './common.ts';

/** Point history (pointHistory, pointHistoryDetail): every change of a version's points, who made it, when, field by field. */

export const POINT_ACTIONS = ['add', 'update', 'delete', 'import'] as const;
export type PointAction = (typeof POINT_ACTIONS)[number];

/** One changed field; values are shown as text ('' when absent), lists as JSON. */
export const fieldChange = z.object({ field: z.string(), before: z.string(), after: z.string() });
export type FieldChange = z.infer<typeof fieldChange>;

export const pointHistoryEntry = z.object({
  historyId: z.string(),
  versionId: z.string(),
  /** Empty once the point is deleted. */
  pointId: z.string(),
  address: z.number().int(),
  pointCode: z.string(),
  pointName: z.string(),
  action: z.enum(POINT_ACTIONS),
  /** Names of the changed fields (contract field names, e.g. valueRange). */
  changedFields: z.array(z.string()),
  operator: z.string(),
  createTime: z.string(),
});
export type PointHistoryEntry = z.infer<typeof pointHistoryEntry>;

export const pointHistoryDetail = pointHistoryEntry.extend({ changes: z.array(fieldChange) });
export type PointHistoryDetail = z.infer<typeof pointHistoryDetail>;

export const listPointHistory = defineCall({
  path: `${CLOUD_API}/pointHistory/list`,
  description:
    "A version's point history, newest first; optional search over point code and name, optional action filter.",
  auth: 'session',
  button: Button.PROTOCOLS,
  request: z
    .object({
      versionId,
      pageIndex: pageIndexField,
      pageSize: pageSizeField,
      search: searchField,
      action: z.enum(['', ...POINT_ACTIONS], { error: 'catalog.validation.action' }).default(''),
    })
    .strict(),
  response: listAnswer(pointHistoryEntry),
});

export const pointHistoryById = defineCall({
  path: `${CLOUD_API}/pointHistory/detail`,
  description: 'One history entry with its field-by-field changes.',
  auth: 'session',
  button: Button.PROTOCOLS,
  request: z.object({ historyId }).strict(),
  response: pointHistoryDetail,
});
