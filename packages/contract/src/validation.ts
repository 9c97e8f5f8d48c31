import { z } from 'zod';
import { secretField } from './secret-field.ts';

/**
 * Validation rules of spec section 5. Each rule is a pure predicate plus a zod field whose
 * issue messages are catalog keys (`validation.*`), translated by whoever shows them.
 */

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const REMARKS_MAX = 20;
export const VERSION_NUMBER_MAX = 20;
export const PRODUCT_NAME_MIN = 4;
export const PRODUCT_NAME_MAX = 30;
const CHINESE = /[\u4e00-\u9fa5]/;
const TITLE_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9][\u4e00-\u9fa5A-Za-z0-9_]*$/;
const SPACED_TITLE_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9][\u4e00-\u9fa5A-Za-z0-9_ ]*$/;
const NAME_CHARS = /^[\u4e00-\u9fa5A-Za-z0-9_]+$/;

export const isPhone = (value: string): boolean => PHONE_PATTERN.test(value);
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);

/** 8 to 20 characters, at least one letter and one digit, no whitespace. */
export function isPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN &&
    value.length <= PASSWORD_MAX &&
    !/\s/.test(value) &&
    /[A-Za-z]/.test(value) &&
    /\d/.test(value)
  );
}

/** Must start with http:// or https:// and have a host. */
export const isLink = (value: string): boolean => /^https?:\/\/[^\s/]+/.test(value);
export const isPositiveInteger = (value: string): boolean => /^[1-9]\d*$/.test(value);
export const isLettersOrDigits = (value: string): boolean => /^[A-Za-z0-9]+$/.test(value);
/** Chinese, letters, digits, underscore; starts with Chinese, a letter or a digit. */
export const isTitle = (value: string): boolean => TITLE_PATTERN.test(value);
/** The title rule with spaces inside, for names written in words ('Finished goods warehouse'). */
export const isSpacedTitle = (value: string): boolean => SPACED_TITLE_PATTERN.test(value);

/** Length where a Chinese character counts 2 (product and series names). */
export function weightedLength(value: string): number {
  let length = 0;
  for (const char of value) length += CHINESE.test(char) ? 2 : 1;
  return length;
}

/** Product or series name: Chinese, letters, digits, underscore; weighted length 4 to 30. */
export function isProductName(value: string): boolean {
  const length = weightedLength(value);
  return NAME_CHARS.test(value) && length >= PRODUCT_NAME_MIN && length <= PRODUCT_NAME_MAX;
}

export const isRemarks = (value: string): boolean => [...value].length <= REMARKS_MAX;

// zod fields: messages are catalog keys.
export const phoneField = z
  .string({ error: 'validation.phone.required' })
  .trim()
  .min(1, 'validation.phone.required')
  .refine(isPhone, 'validation.phone.format');

/** Account name at login: a phone for dealers, a user name for customers; not empty. */
export const accountField = z
  .string({ error: 'validation.account.required' })
  .trim()
  .min(1, 'validation.account.required')
  .max(64, 'validation.account.required');

export const requiredEmailField = z
  .string({ error: 'validation.email.required' })
  .trim()
  .min(1, 'validation.email.required')
  .refine(isEmail, 'validation.email.format');

/** Email where it is optional: empty allowed, otherwise a valid address. */
export const optionalEmailField = z
  .string({ error: 'validation.email.format' })
  .trim()
  .refine((value) => value === '' || isEmail(value), 'validation.email.format');

export const passwordField = secretField(
  z
    .string({ error: 'validation.password.required' })
    .min(1, 'validation.password.required')
    .refine(isPassword, 'validation.password.format'),
);

/** The variant that allows empty (e.g. keep the current password). */
export const optionalPasswordField = secretField(
  z
    .string({ error: 'validation.password.format' })
    .refine((value) => value === '' || isPassword(value), 'validation.password.format'),
);

/** md5 hex of a password, as the console sends it at login. */
export const passwordDigestField = secretField(
  z
    .string({ error: 'validation.password.required' })
    .min(1, 'validation.password.required')
    .regex(/^[a-f0-9]{32}$/i, 'validation.password.digest'),
);

/** The second typing of a new password (withConfirmPassword compares it). */
export const confirmPasswordField = secretField(z.string({ error: 'validation.password.required' }));

export const smsCodeField = secretField(
  z
    .string({ error: 'validation.code.required' })
    .trim()
    .min(1, 'validation.code.required')
    .regex(/^\d{6}$/, 'validation.code.format'),
);

export const linkField = z.string({ error: 'validation.link.format' }).trim().refine(isLink, 'validation.link.format');
export const titleField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .refine(isTitle, 'validation.title.format');
export const productNameField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .refine(isProductName, 'validation.productName.format');
export const remarksField = z
  .string({ error: 'validation.remarks.max' })
  .trim()
  .refine(isRemarks, 'validation.remarks.max');
export const realNameField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(32, 'validation.realName.max');

/** Adds the confirm-password rule to an object schema holding `password` and `confirmPassword`. */
export function withConfirmPassword<T extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: T) {
  return schema.refine((value) => value.password === value.confirmPassword, {
    message: 'validation.confirmPassword.mismatch',
    path: ['confirmPassword'],
  });
}

/** The version of an editable record as the reader got it; an edit sends it back (optimistic concurrency). */
export const recordVersionField = z
  .number({ error: 'validation.recordVersion.required' })
  .int('validation.recordVersion.required')
  .min(1, 'validation.recordVersion.required');
