import type { z } from 'zod';
import type { ButtonId } from './permissions.ts';
import { withTextRule } from './text.ts';

/**
 * Who may make a call:
 * - `public`: anyone (sign-in calls);
 * - `session`: a live session whose password is not due for change;
 * - `passwordChange`: a live session, even one that must change its password first.
 */
export type CallAuth = 'public' | 'session' | 'passwordChange';

/** One call of the API, shared by server and console. */
export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Full URL path, e.g. /cloudservice/api/adminUser/login. */
  path: string;
  request: Req;
  response: Res;
  /** The permission button a member must hold in the current company, or null. */
  button: ButtonId | null;
  /**
   * Further buttons, any of which admits the call as well as `button`: for a call that serves two screens
   * (the project list on the projects page, B1001, and on the home page's key project tab, B81). The server
   * checks `callButtons` in its one permission check, the console's mayCall the same list.
   */
  orButtons?: readonly ButtonId[];
  /**
   * Changes platform catalog data (series, data types, products, thing models, protocols, points):
   * companies below the platform hold the button to read the catalog, yet only the platform may make this call.
   */
  catalogWrite?: true;
  /**
   * Sends commands and answers the devices' replies: the server waits up to its command timeout
   * (COMMAND_TIMEOUT_MS, 10 s by default) for them, so the console gives the call longer than its 5 s.
   */
  waitsForDevice?: true;
  auth: CallAuth;
  description: string;
}

/** The buttons any one of which admits `call` (empty for a call without a button). */
export function callButtons(call: Pick<CallDef, 'button' | 'orButtons'>): readonly ButtonId[] {
  return call.button === null ? [] : [call.button, ...(call.orButtons ?? [])];
}

export type CallRequest<C extends CallDef> = z.input<C['request']>;
export type CallResponse<C extends CallDef> = z.output<C['response']>;

export const CLOUD_API = '/cloudservice/api';
export const CRM_API = '/crmservice';

/** Declares a call; the literal types of the definition are kept, and its request gets the text rule (text.ts). */
// The annotation lets the console's bundler drop call definitions a page does not use.
/* #__NO_SIDE_EFFECTS__ */
export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(def: CallDef<Req, Res>): CallDef<Req, Res> {
  return { ...def, request: withTextRule(def.request) };
}
