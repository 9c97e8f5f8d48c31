import type { FastifyRequest } from 'fastify';
import type { AppError } from '../../http/app-error.ts';
import type { CallInput } from '../../http/call-route.ts';
import { headerContext } from '../../http/header-context.ts';

/** Why a multipart upload was refused, as message keys of the caller's refusal. */
export interface UploadRefusals {
  /** Not multipart at all. */
  notMultipart: string;
  /** No `file` part (or fields after it). */
  noFile: string;
  /** The file is larger than allowed. */
  tooLarge: string;
}

export interface MultipartOptions {
  maxBytes: number;
  /** Fields of the call's payload sent before the file (e.g. versionId); context fields are read always. */
  payloadFields?: readonly string[];
  reasons: UploadRefusals;
  /** Builds the error answered for a refusal key. */
  refuse: (request: FastifyRequest, reasonKey: string) => AppError;
}

/** Context fields older clients put in the form: allowed in the count, never read. */
const CONTEXT_FIELDS = ['sessionid', 'dealersId', 'pattern'] as const;

const fieldValue = (field: unknown): unknown =>
  typeof field === 'object' && field !== null && 'type' in field && field.type === 'field' && 'value' in field ? field.value : undefined;

/**
 * Reads the body of a multipart call: the payload fields sent before the file, then the file
 * itself (the `file` part, at most `maxBytes`). The context (session, company) came from the
 * headers and was checked before this runs; context fields in the form are ignored.
 */
export async function readMultipartUpload(request: FastifyRequest, options: MultipartOptions): Promise<CallInput> {
  if (!request.isMultipart()) throw options.refuse(request, options.reasons.notMultipart);
  const payloadFields = options.payloadFields ?? [];
  const part = await request.file({ limits: { fileSize: options.maxBytes, files: 1, fields: CONTEXT_FIELDS.length + payloadFields.length + 3, fieldSize: 1024 } });
  if (!part || part.fieldname !== 'file') throw options.refuse(request, options.reasons.noFile);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw options.refuse(request, options.reasons.tooLarge);
    throw error;
  }
  const payload: Record<string, unknown> = {};
  for (const name of payloadFields) {
    const value = fieldValue(part.fields[name]);
    if (value !== undefined) payload[name] = value;
  }
  return { payload, context: headerContext(request), file: { fileName: part.filename, bytes } };
}
