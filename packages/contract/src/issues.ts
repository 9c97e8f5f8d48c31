import { z } from 'zod';
import type { Locale } from './envelope.ts';
import { isMessageKey, translate } from './messages/index.ts';

/** One readable problem of a request: the field path and the translated message. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** What an error envelope carries as objectResult when its refusal is about named fields (BAD_REQUEST, a point field): the console shows each message on its field. */
export const fieldErrorsDetails = z.object({
  fieldErrors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type FieldErrorsDetails = z.infer<typeof fieldErrorsDetails>;

/** Turns zod issues into translated field problems; our rules carry catalog keys as messages. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], locale: Locale): FieldProblem[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    if (isMessageKey(issue.message)) return { field, message: translate(locale, issue.message) };
    if (issue.code === 'unrecognized_keys')
      return { field, message: translate(locale, 'validation.unknownField', { keys: issue.keys.join(', ') }) };
    if (issue.code === 'invalid_type') {
      const missing = 'input' in issue && issue.input === undefined;
      return {
        field,
        message: missing
          ? translate(locale, 'validation.required')
          : translate(locale, 'validation.invalidType', { expected: issue.expected }),
      };
    }
    return { field, message: translate(locale, 'validation.invalid') };
  });
}

/** One line for an error toast: `field: message; field: message`. */
export function summarizeIssues(issues: readonly z.core.$ZodIssue[], locale: Locale): string {
  return describeIssues(issues, locale)
    .map((problem) => (problem.field ? `${problem.field}: ${problem.message}` : problem.message))
    .join('; ');
}
