import type { z } from 'zod';
import { thingModel, type ThingModel } from '@dcc/contract';

/** Reading an imported file: the model, or why it was refused (not JSON; or the first rule broken and where). */
export type ModelFileResult =
  | { ok: true; model: ThingModel }
  | { ok: false; reason: 'notJson' }
  | { ok: false; reason: 'invalid'; path: string; issue: z.core.$ZodIssue | undefined };

/** Parses and checks an imported thing-model document with the contract's schema (the same check the server makes). */
export function parseModelFile(text: string): ModelFileResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'notJson' };
  }
  const parsed = thingModel.safeParse(json);
  if (parsed.success) return { ok: true, model: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: 'invalid', path: issue?.path.join('.') || '-', issue };
}

/** The exported file's name: <productName>-thing-model.json. */
export const modelFileName = (productName: string) => `${productName}-thing-model.json`;

/** Saves a model as a JSON file through the browser's download. */
export function downloadModel(productName: string, model: ThingModel): void {
  const blob = new Blob([`${JSON.stringify(model, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = modelFileName(productName);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}
