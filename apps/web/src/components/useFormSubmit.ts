import { useState } from 'react';
import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { ApiError, fieldErrorsOf } from '../api/errors.ts';

/** antd's rejection of validateFields: the fields whose rules failed. */
interface ValidationFailure {
  errorFields: { name: NamePath }[];
}

const isValidationFailure = (error: unknown): error is ValidationFailure =>
  typeof error === 'object' && error !== null && 'errorFields' in error && Array.isArray(error.errorFields);

/** The form field a request field of a refusal belongs to ('a.b' -> ['a', 'b']), or null when the form has none. */
export type FormFieldOf = (requestField: string) => NamePath | null;

const samePath: FormFieldOf = (field) => (field ? field.split('.') : null);

/**
 * Shows why a submit did not go through: the rules' problems are on their fields already (the first
 * is scrolled to), a refusal naming fields is put on those fields (the user's next edit revalidates
 * and clears it), other refusals were toasted by the API client. Anything else is a bug: logged.
 */
export function showSubmitProblem<Values>(
  form: FormInstance<Values>,
  error: unknown,
  formFieldOf: FormFieldOf = samePath,
): void {
  if (isValidationFailure(error)) {
    const first = error.errorFields[0];
    if (first) form.scrollToField(first.name);
    return;
  }
  const fields = fieldErrorsOf(error).flatMap(({ field, message }) => {
    const name = formFieldOf(field);
    return name === null ? [] : [{ name, errors: [message] }];
  });
  if (fields.length > 0) {
    form.setFields(fields as Parameters<FormInstance<Values>['setFields']>[0]);
    form.scrollToField(fields[0]!.name);
    return;
  }
  if (!(error instanceof ApiError)) console.error(error);
}

/**
 * The one submit path of a form: checks its rules, then saves the checked values. The returned
 * `submit` never rejects, so no button or dialog leaves an unhandled rejection behind.
 */
export function useFormSubmit<Values>(
  form: FormInstance<Values>,
  save: (values: Values) => Promise<unknown>,
  formFieldOf?: FormFieldOf,
) {
  const [submitting, setSubmitting] = useState(false);
  const submit = async () => {
    setSubmitting(true);
    try {
      await save(await form.validateFields());
    } catch (error) {
      showSubmitProblem(form, error, formFieldOf);
    } finally {
      setSubmitting(false);
    }
  };
  return { submit: () => void submit(), submitting };
}
