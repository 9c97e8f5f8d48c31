import { uploadImage, type CallDef, type CallRequest, type CallResponse } from '@dcc/contract';
import { contextFields } from '../session/contextFields.ts';
import { fetchWithTimeout, languageQuery, readEnvelope, type CallOptions } from './client.ts';

/**
 * The context of a multipart call as headers: the server checks session and button from them
 * before it reads any of the body.
 */
function contextHeaders(): Record<string, string> {
  const { sessionid, dealersId } = contextFields();
  const headers: Record<string, string> = {};
  if (sessionid !== undefined) headers.sessionid = sessionid;
  if (dealersId !== undefined) headers.dealersid = dealersId;
  return headers;
}

/** Uploads an image (multipart, field `file`) and answers its URL under /uploads/. */
export async function uploadImageFile(file: File): Promise<CallResponse<typeof uploadImage>> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetchWithTimeout(`${uploadImage.path}?${languageQuery()}`, {
    method: 'POST',
    headers: contextHeaders(),
    body: form,
  });
  return uploadImage.response.parse(await readEnvelope(response));
}

/** Posts a file with form fields (multipart, fields before `file`) to a contract call and returns its parsed objectResult. */
export async function uploadFileCall<C extends CallDef>(
  def: C,
  fields: CallRequest<C>,
  file: File,
  options: CallOptions = {},
): Promise<CallResponse<C>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields as Record<string, unknown>))
    if (value !== undefined) form.append(name, String(value));
  form.append('file', file);
  const response = await fetchWithTimeout(`${def.path}?${languageQuery()}`, {
    method: 'POST',
    headers: contextHeaders(),
    body: form,
  });
  return def.response.parse(await readEnvelope(response, options)) as CallResponse<C>;
}
