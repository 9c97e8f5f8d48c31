import { ErrorCode, type ErrorCodeValue } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { ScopedContext } from '../../http/call-route.ts';
import { parseUploadUrl } from './links.ts';
import { findUpload } from './repo.ts';

/** Who writes an image field: the signed-in account and the company the call acts for (null: none). */
export interface UploadOwner {
  userId: string;
  dealerId: string | null;
}

/** The owner of a scoped call's image fields: its caller and the company its button was found in. */
export const uploaderOf = (ctx: ScopedContext): UploadOwner => ({
  userId: ctx.actor.userId,
  dealerId: ctx.scope.dealerId,
});

/**
 * Refuses an image field (licence, avatar) unless it is '' , the value the record holds already
 * (`current`), or an URL the upload call issued to this company or to this account itself:
 * never a path of our choosing (traversal), an id never issued, or another company's upload.
 */
export async function assertIssuedUpload(
  db: Kysely<DB>,
  owner: UploadOwner,
  url: string,
  options: { current?: string | null; code?: ErrorCodeValue } = {},
): Promise<void> {
  if (url === '' || url === options.current) return;
  const code = options.code ?? ErrorCode.UPLOAD_NOT_ISSUED;
  const parsed = parseUploadUrl(url);
  if (!parsed) fail(code);
  const upload = await findUpload(db, parsed.id);
  const ours =
    upload !== undefined &&
    upload.extension === parsed.extension &&
    ((owner.dealerId !== null && upload.dealerId === owner.dealerId) || upload.userId === owner.userId);
  if (!ours) fail(code);
}
