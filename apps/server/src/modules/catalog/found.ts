import { ErrorCode } from '@dcc/contract';
import { fail } from '../../http/app-error.ts';

/** What a lookup found, or NOT_FOUND when it found nothing. */
export async function foundOrFail<T>(lookup: Promise<T | undefined>): Promise<T> {
  const found = await lookup;
  if (found === undefined) fail(ErrorCode.NOT_FOUND);
  return found;
}
