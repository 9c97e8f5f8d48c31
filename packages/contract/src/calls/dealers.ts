import { z } from 'zod';
import { CLOUD_API, defineCall } from '../call.ts';

export const enterprise = z.object({
  dealersId: z.string(),
  dealersName: z.string(),
  level: z.number().int().min(0).max(5),
});
export type Enterprise = z.infer<typeof enterprise>;

export const getDealersByUser = defineCall({
  path: `${CLOUD_API}/dealers/getDealersByUser`,
  description: 'The companies the signed-in account is a member of.',
  auth: 'session',
  button: null,
  request: z.object({}).strict(),
  response: z.array(enterprise),
});

/** Spec name get_all_btn_role. */
export const getAllButtonRoles = defineCall({
  path: `${CLOUD_API}/dealers/getAllApplicationUserRoleByUserId`,
  description: "The account's permission buttons in one company, as a bracketed list: [B80,B93].",
  auth: 'session',
  button: null,
  request: z
    .object({ dealersId: z.string({ error: 'validation.dealer.required' }).min(1, 'validation.dealer.required') })
    .strict(),
  response: z.string(),
});
