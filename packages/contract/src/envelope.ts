import { z } from 'zod';

/** The answer every call returns: error_code 0 is success. */
export interface Envelope<T> {
  error_code: number;
  error_msg: string;
  objectResult: T | null;
  isReusltSuc?: boolean;
}

/** Builds the zod schema of an envelope around an answer schema. */
export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({
    error_code: z.number(),
    error_msg: z.string(),
    objectResult: result.nullable(),
    isReusltSuc: z.boolean().optional(),
  });
}

export * from './locales.ts';

/** Body fields the console adds to every call; they are context, not payload. */
export const CONTEXT_FIELDS = ['sessionid', 'dealersId', 'pattern'] as const;
