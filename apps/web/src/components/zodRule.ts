import type { FormRule } from 'antd';
import type { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, isMultilineField, isPlainText } from '@dcc/contract';
import i18n from '../i18n/index.ts';

/** The forms an empty form value takes: never filled in, cleared, blank text, an empty list. */
const EMPTY_FORMS: readonly unknown[] = [undefined, null, '', []];

/** Whether a form value is empty: nothing, blank text or an empty list. */
export const isEmptyValue = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** Whether a contract field refuses every empty value: exactly such a field is marked required. */
export const refusesEmpty = (field: z.ZodType): boolean =>
  EMPTY_FORMS.every((empty) => !field.safeParse(empty).success);

/**
 * An antd form rule that checks a value with a contract field and the contract's text rule.
 * The field is marked required when its schema refuses empty; an empty value then gets the
 * 'required' message naming the Form.Item's own label (antd fills `${label}`), so no rule can name
 * another field. Other problems show the contract's message, translated.
 */
export function zodRule(field: z.ZodType): FormRule {
  const multiline = isMultilineField(field);
  const required = refusesEmpty(field);
  return {
    required,
    validator: async (_rule, value: unknown) => {
      if (isEmptyValue(value)) {
        if (required) throw new Error(i18n.t('form.fieldRequired'));
        return;
      }
      if (typeof value === 'string' && !isPlainText(value, multiline))
        throw new Error(i18n.t(CONTROL_CHARACTER_MESSAGE));
      const result = field.safeParse(value);
      if (!result.success) throw new Error(i18n.t(result.error.issues[0]?.message ?? 'validation.invalid'));
    },
  };
}

/** The rule that a new password differs from the current one in `currentField` (error.newPasswordIsCurrent, the server's own refusal). */
export function differentFromRule(currentField: string): FormRule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      if (!isEmptyValue(value) && value === form.getFieldValue(currentField))
        throw new Error(i18n.t('error.newPasswordIsCurrent'));
    },
  });
}

/** The rule that the confirm field equals `otherField` (validation.confirmPassword.mismatch); the confirmation is required. */
export function sameAsRule(otherField: string): FormRule {
  return (form) => ({
    required: true,
    validator: async (_rule, value: unknown) => {
      if (isEmptyValue(value)) throw new Error(i18n.t('form.fieldRequired'));
      if (value !== form.getFieldValue(otherField)) throw new Error(i18n.t('validation.confirmPassword.mismatch'));
    },
  });
}
