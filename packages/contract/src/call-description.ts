import type { CallDef } from './call.ts';
import { CALL_DESCRIPTIONS_ZH } from './call-descriptions.zh-CN.ts';
import type { Locale } from './envelope.ts';
import { localName } from './local-name.ts';

/**
 * What a call does, in the reader's language (the API call log's description column, its export): the
 * English one is the call's `description`, the Chinese one is in CALL_DESCRIPTIONS_ZH; one missing falls
 * back to the other, marked (localName).
 */
export function callDescription(call: Pick<CallDef, 'path' | 'description'>, locale: Locale): string {
  return localName(locale, CALL_DESCRIPTIONS_ZH[call.path], call.description);
}
export { CALL_DESCRIPTIONS_ZH } from './call-descriptions.zh-CN.ts';
