import type { z } from 'zod';
import { schemaDefOf } from './text.ts';

/**
 * The field kind "secret" (issue 22): passwords and their digests, SMS codes, access keys, tokens and
 * device secrets a call receives. The API call log writes a request's parameters through
 * `redactedParams`, the one rule that keeps them out of every log: a secret field's value is replaced by
 * REDACTED, and a field the call's schema does not describe is left out (it could be anything).
 */

export const REDACTED = '******';

/** Longest text of one parameter the log keeps, most items of one list, most characters of the whole. */
const TEXT_MAX = 200;
const ITEMS_MAX = 50;
export const PARAMS_MAX_CHARS = 4000;

const secretSchemas = new WeakSet<object>();

/** Marks a request field as a secret: the logs never hold its value. Mark the final schema (a later `.min()` makes a new one). */
export function secretField<T extends z.ZodType>(schema: T): T {
  secretSchemas.add(schema);
  return schema;
}

/** The schema under its wrappers, and whether any layer is marked secret. */
function unwrapSecret(schema: z.ZodType): { schema: z.ZodType; secret: boolean } {
  // Known once per schema: the log redacts every call's parameters with it (a call's CPU, issue 22).
  const known = unwrapped.get(schema);
  if (known) return known;
  let secret = false;
  let current = schema;
  for (;;) {
    if (secretSchemas.has(current)) secret = true;
    const def = schemaDefOf(current);
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) {
      const found = { schema: current, secret };
      unwrapped.set(schema, found);
      return found;
    }
    current = inner;
  }
}

const unwrapped = new WeakMap<z.ZodType, { schema: z.ZodType; secret: boolean }>();

/** Whether a field schema (possibly wrapped) is a secret. */
export const isSecretField = (schema: z.ZodType): boolean => unwrapSecret(schema).secret;

/** The object shapes a schema may take (an object, or a union of objects). */
function shapesOf(schema: z.ZodType): Array<Record<string, z.ZodType>> {
  const def = schemaDefOf(schema);
  if (def.shape) return [def.shape];
  if (def.options) return def.options.flatMap((option) => shapesOf(unwrapSecret(option).schema));
  return [];
}

/** Each field an object value may have, by name (the first shape that describes it), known once per schema. */
function fieldsOf(schema: z.ZodType): ReadonlyMap<string, z.ZodType> {
  let fields = fieldMaps.get(schema);
  if (!fields) {
    fields = new Map();
    for (const shape of shapesOf(schema))
      for (const [key, field] of Object.entries(shape)) if (!fields.has(key)) fields.set(key, field);
    fieldMaps.set(schema, fields);
  }
  return fields;
}

const fieldMaps = new WeakMap<z.ZodType, Map<string, z.ZodType>>();

function redact(schema: z.ZodType | undefined, value: unknown): unknown {
  if (schema === undefined) return undefined;
  const { schema: inner, secret } = unwrapSecret(schema);
  if (secret) return value === undefined || value === null || value === '' ? value : REDACTED;
  if (typeof value === 'string') return value.length > TEXT_MAX ? `${value.slice(0, TEXT_MAX)}…` : value;
  if (Array.isArray(value)) {
    const element = schemaDefOf(inner).element;
    return value.slice(0, ITEMS_MAX).map((item) => redact(element, item) ?? null);
  }
  if (typeof value === 'object' && value !== null) {
    const fields = fieldsOf(inner);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const kept = redact(fields.get(key), item);
      if (kept !== undefined) out[key] = kept;
    }
    return out;
  }
  return value;
}

/** A request's parameters as the logs may keep them: secrets replaced, undescribed fields left out, long texts cut; JSON text. */
export function redactedParams(request: z.ZodType, payload: unknown): string {
  const text = JSON.stringify(redact(request, payload) ?? null);
  return text.length > PARAMS_MAX_CHARS ? `${text.slice(0, PARAMS_MAX_CHARS)}…` : text;
}
