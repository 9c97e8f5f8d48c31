import { z } from 'zod';
import { isSn, normalizeSn } from './barcode-rules.ts';

const SN_REQUIRED = 'deviceBinding.validation.sn.required';
const SN_FORMAT = 'deviceBinding.validation.sn.format';

/** The whole-machine barcode of a call that binds one: required, in the SN format, answered as stored (trimmed, upper case). */
export const snField = z
  .string({ error: SN_REQUIRED })
  .trim()
  .min(1, { message: SN_REQUIRED, abort: true })
  .refine(isSn, SN_FORMAT)
  .transform(normalizeSn);

/** The barcode of a call that registers or edits a device, which may have none: '' (or absent) for none, else the rule and form of snField. */
export const deviceSnField = z
  .string({ error: SN_FORMAT })
  .trim()
  .refine((value) => value === '' || isSn(value), SN_FORMAT)
  .transform(normalizeSn)
  .default('');
