import { uploadImage, type CallDef, type CallRequest, type CallResponse } from '@dcc/contract';
import { contextFields, fetchWithTimeout, languageQuery, readEnvelope, type CallOptions } from './client.ts';

/** Uploads an image (multipart, field `file`) and answers its URL under /uploads/. */
export async function uploadImageFile(file: File): Promise<CallResponse<typeof uploadImage>> {
  const form = new FormData();
  // Context fields first: a streaming multipart parser sees them before the file.
  for (const [name, value] of Object.entries(contextFields())) if (value !== undefined) form.append(name, value);
  form.append('file', file);
  const response = await fetchWithTimeout(`${uploadImage.path}?${languageQuery()}`, { method: 'POST', body: form });
  return uploadImage.response.parse(await readEnvelope(response));
}

/** Posts a file with form fields (multipart, fields before `file`) to a contract call and returns its parsed objectResult. */
export async function uploadFileCall<C extends CallDef>(def: C, fields: CallRequest<C>, file: File, options: CallOptions = {}): Promise<CallResponse<C>> {
  const form = new FormData();
  const values = { ...contextFields(), ...(fields as Record<string, unknown>) };
  for (const [name, value] of Object.entries(values)) if (value !== undefined) form.append(name, String(value));
  form.append('file', file);
  const response = await fetchWithTimeout(`${def.path}?${languageQuery()}`, { method: 'POST', body: form });
  return def.response.parse(await readEnvelope(response, options)) as CallResponse<C>;
}
