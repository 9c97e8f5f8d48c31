import type { CallDef } from '@dcc/contract';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';

/**
 * The route of a call that sends commands and waits for the devices' replies. Such a call must be
 * marked `waitsForDevice` in the contract, or the console would give up on it at its 5 s timeout
 * while the server still waits: the server refuses to start with an unmarked one.
 */
export function commandRoute<C extends CallDef>(call: C, handle: Parameters<typeof scopedRoute<C>>[1]): CallRoute {
  if (call.waitsForDevice !== true)
    throw new Error(`${call.path} sends device commands: mark it waitsForDevice in the contract`);
  return scopedRoute(call, handle);
}
