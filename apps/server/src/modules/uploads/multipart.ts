import { CONTROL_CHARACTER_MESSAGE, controlCharacterPaths } from '@dcc/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, type AppError } from '../../http/app-error.ts';
import type { CallInput } from '../../http/call-route.ts';
import { headerContext } from '../../http/header-context.ts';
import { localeOf } from '../../http/locale.ts';

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
  typeof field === 'object' && field !== null && 'type' in field && field.type === 'field' && 'value' in field
    ? field.value
    : undefined;

/** Every text of the form as sent: the file's name and each field's name and value (a repeated field as a list). */
function formTexts(fileName: string, fields: Record<string, unknown>): Record<string, unknown> {
  const texts: Record<string, unknown> = { fileName };
  for (const [name, field] of Object.entries(fields)) {
    if (name === 'file') continue;
    texts[name] = Array.isArray(field) ? field.map(fieldValue) : fieldValue(field);
  }
  return texts;
}

/** The text rule (packages/contract/src/text.ts) on the file name and every form field, with the validation envelope of any other call. */
function checkFormText(request: FastifyRequest, fileName: string, fields: Record<string, unknown>): void {
  const paths = controlCharacterPaths(undefined, formTexts(fileName, fields));
  if (paths.length > 0)
    throw badRequest(
      paths.map((path) => ({ code: 'custom', message: CONTROL_CHARACTER_MESSAGE, path, input: undefined })),
      localeOf(request),
    );
}

/**
 * Reads the body of a multipart call: the payload fields sent before the file, then the file
 * itself (the `file` part, at most `maxBytes`). The context (session, company) came from the
 * headers and was checked before this runs; context fields in the form are ignored. Every upload
 * route reads its body here, so the text rule holds for file names and form fields of all of them.
 */
export async function readMultipartUpload(request: FastifyRequest, options: MultipartOptions): Promise<CallInput> {
  if (!request.isMultipart()) throw options.refuse(request, options.reasons.notMultipart);
  const payloadFields = options.payloadFields ?? [];
  const part = await request.file({
    limits: {
      fileSize: options.maxBytes,
      files: 1,
      fields: CONTEXT_FIELDS.length + payloadFields.length + 3,
      fieldSize: 1024,
    },
  });
  if (!part || part.fieldname !== 'file') throw options.refuse(request, options.reasons.noFile);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw options.refuse(request, options.reasons.tooLarge);
    throw error;
  }
  checkFormText(request, part.filename, part.fields as Record<string, unknown>);
  const payload: Record<string, unknown> = {};
  for (const name of payloadFields) {
    const value = fieldValue(part.fields[name]);
    if (value !== undefined) payload[name] = value;
  }
  return { payload, context: headerContext(request), file: { fileName: part.filename, bytes } };
}
