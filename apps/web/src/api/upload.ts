import { uploadImage, type CallResponse } from '@dcc/contract';
import { contextFields, fetchWithTimeout, languageQuery, readEnvelope } from './client.ts';

/** Uploads an image (multipart, field `file`) and answers its URL under /uploads/. */
export async function uploadImageFile(file: File): Promise<CallResponse<typeof uploadImage>> {
  const form = new FormData();
  // Context fields first: a streaming multipart parser sees them before the file.
  for (const [name, value] of Object.entries(contextFields())) if (value !== undefined) form.append(name, value);
  form.append('file', file);
  const response = await fetchWithTimeout(`${uploadImage.path}?${languageQuery()}`, { method: 'POST', body: form });
  return uploadImage.response.parse(await readEnvelope(response));
}
