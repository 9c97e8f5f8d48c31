import { fieldErrorsDetails, type FieldErrorsDetails } from '@dcc/contract';

/** A call that did not succeed: a non-zero error_code, an HTTP failure or a network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** error_code of the envelope; HTTP status when there was no envelope; 0 for network failures. */
    readonly code: number,
    readonly httpStatus: number,
    /** objectResult of the error envelope, when the refusal carries details (e.g. an import's problems). */
    readonly details: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether an error is an ApiError with one of the given codes. */
export function hasErrorCode(error: unknown, ...codes: number[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}

/** The field problems a refusal carries (BAD_REQUEST, a refusal about one field): field path and message; none for other errors. */
export function fieldErrorsOf(error: unknown): FieldErrorsDetails['fieldErrors'] {
  if (!(error instanceof ApiError)) return [];
  const parsed = fieldErrorsDetails.safeParse(error.details);
  return parsed.success ? parsed.data.fieldErrors : [];
}
