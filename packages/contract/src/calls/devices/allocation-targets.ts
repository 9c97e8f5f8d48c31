import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { searchField } from '../people/common.ts';

/**
 * The pickers of device allocation (the list's move, the detail's allocation tab) for a caller who
 * holds the move button (B9404) but need not hold dealer management (B135) or customer management
 * (B138): each answers only the fields a picker shows, only inside the caller's subtree, at most
 * ALLOCATION_TARGETS_SHOWN matches of the typed text.
 */
export const ALLOCATION_TARGETS_SHOWN = 50;

export const moveTarget = z.object({ dealersId: z.string(), dealersName: z.string(), dealersCode: z.string() });
export type MoveTarget = z.infer<typeof moveTarget>;

export const listMoveTargets = defineCall({
  path: `${CLOUD_API}/device/moveTargets`,
  description:
    'The dealers moveDevices accepts: the current company itself first, then its subtree in tree order; keyword matches name or code.',
  auth: 'session',
  button: Button.DEVICE_MOVE,
  request: z.object({ keyword: searchField }).strict(),
  response: z.object({ list: z.array(moveTarget) }),
});

export const customerTarget = z.object({ customerId: z.string(), userName: z.string(), phone: z.string() });
export type CustomerTarget = z.infer<typeof customerTarget>;

export const listCustomerTargets = defineCall({
  path: `${CLOUD_API}/device/customerTargets`,
  description:
    'The end customers allocateDeviceCustomer accepts (owned in the subtree), ordered by name; keyword matches name or phone.',
  auth: 'session',
  button: Button.DEVICE_MOVE,
  request: z.object({ keyword: searchField }).strict(),
  response: z.object({ list: z.array(customerTarget) }),
});
