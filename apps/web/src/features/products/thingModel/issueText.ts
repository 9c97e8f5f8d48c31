import type { TFunction } from 'i18next';
import type { z } from 'zod';
import i18n from '../../../i18n/index.ts';

/** A zod issue of a contract schema as the console shows it: our rules carry catalog keys; zod's own issues get a general message. */
export function issueText(t: TFunction, issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return t('validation.invalid');
  if (i18n.exists(issue.message)) return t(issue.message);
  if (issue.code === 'unrecognized_keys') return t('validation.unknownField', { keys: issue.keys.join(', ') });
  if (issue.code === 'invalid_type') return t('validation.invalidType', { expected: issue.expected });
  return t('validation.invalid');
}
