import type { FormRule } from 'antd';
import type { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, isMultilineField, isPlainText } from '@dcc/contract';
import i18n from '../i18n/index.ts';

/** An antd form rule that checks a value with a contract field and the contract's text rule; its catalog-key message is translated. */
export function zodRule(field: z.ZodType): FormRule {
  const multiline = isMultilineField(field);
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value === 'string' && !isPlainText(value, multiline)) throw new Error(i18n.t(CONTROL_CHARACTER_MESSAGE));
      const result = field.safeParse(value ?? '');
      if (!result.success) throw new Error(i18n.t(result.error.issues[0]?.message ?? 'validation.invalid'));
    },
  };
}

/** The rule that the confirm field equals `otherField` (validation.confirmPassword.mismatch). */
export function sameAsRule(otherField: string): FormRule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      if (value !== form.getFieldValue(otherField)) throw new Error(i18n.t('validation.confirmPassword.mismatch'));
    },
  });
}
