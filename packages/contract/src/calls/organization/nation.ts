import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';

export const nationNode = z.object({
  id: z.string(),
  /** Chinese name. */
  name: z.string(),
  /** English name: conventional for provinces, pinyin without the administrative suffix below (Guangzhou). */
  nameEn: z.string(),
  /** Whether the node has children (a province with cities). */
  hasChildren: z.boolean(),
});
export type NationNode = z.infer<typeof nationNode>;

/**
 * GB/T 2260 divisions: `parentId` '' or '0' answers the provinces, a province code its cities, a
 * city code its districts. Reference data, not company data: needs a session, no button.
 */
export const queryNationInfo = defineCall({
  path: `${CLOUD_API}/nation/queryNationInfo`,
  description: 'Administrative divisions of China (GB/T 2260) under a parent code.',
  auth: 'session',
  button: null,
  request: z
    .object({
      parentId: z
        .string()
        .trim()
        .regex(/^(|0|\d{6})$/, 'organization.validation.areaCode')
        .default(''),
    })
    .strict(),
  response: z.array(nationNode),
});
