import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { roleLabel } from './builtin-roles.ts';
import { idField } from './fields.ts';

/**
 * Invitations (issue 8): an existing account becomes a member of another company (or the admin of
 * a new dealer) only when it accepts. The signed-in account sees its own pending invitations
 * wherever it lands (company chooser, no-company page, header); no button is needed, only a session,
 * and an invitation of another account answers INVITATION_GONE like a missing one.
 */

export const invitationItem = z.object({
  invitationId: z.string(),
  dealersId: z.string(),
  dealersName: z.string(),
  level: z.number().int(),
  /** The roles the account will hold there. */
  roles: z.array(roleLabel),
  /** Whether accepting also makes the account the company's administrator (a new dealer). */
  asAdmin: z.boolean(),
  /** Who invited (real name or phone). */
  invitedBy: z.string(),
  createTime: z.string(),
  expireTime: z.string(),
});
export type InvitationItem = z.infer<typeof invitationItem>;

export const listInvitations = defineCall({
  path: `${CLOUD_API}/invitations/list`,
  description: 'The pending invitations of the signed-in account, newest first.',
  auth: 'session',
  button: null,
  request: z.object({}).strict(),
  response: z.array(invitationItem),
});

/** Accepting makes the account a member with the invited roles; answers the company to enter. */
export const acceptInvitation = defineCall({
  path: `${CLOUD_API}/invitations/accept`,
  description: 'Accepts a pending invitation: the account becomes a member of that company.',
  auth: 'session',
  button: null,
  request: z.object({ invitationId: idField }).strict(),
  response: z.object({ dealersId: z.string(), dealersName: z.string(), level: z.number().int() }),
});

export const declineInvitation = defineCall({
  path: `${CLOUD_API}/invitations/decline`,
  description: 'Declines a pending invitation.',
  auth: 'session',
  button: null,
  request: z.object({ invitationId: idField }).strict(),
  response: z.null(),
});
