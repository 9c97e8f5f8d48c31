import type { z } from 'zod';

/**
 * The text rule of every request (issue 8, item 10): no control characters in any string a call
 * receives. A single-line field refuses C0 controls (NUL included), DEL and C1 controls; a field
 * marked with `multilineText` (notice bodies, descriptions, pasted frames) also accepts tab, line
 * feed and carriage return. `defineCall` applies it to every call's request, so no call can forget
 * it, and PostgreSQL never sees a NUL (which it refuses with an error, not a validation message).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The catalog key of the refusal; the server's summary and the console's forms prefix the field. */
export const CONTROL_CHARACTER_MESSAGE = 'validation.text.control';

const multilineSchemas = new WeakSet<object>();
/** Schemas that check the rule themselves: a walk from an enclosing request leaves them to it (one issue per field). */
const ruledSchemas = new WeakSet<object>();

/** Marks a string field as multi-line text: tab, line feed and carriage return are allowed in it. */
export function multilineText<T extends z.ZodType>(schema: T): T {
  multilineSchemas.add(schema);
  return schema;
}

/** The parts of a zod schema's definition that walkers over request schemas read (here and in the tests). */
export interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
}

/** A schema's definition, typed for walking. */
export const schemaDefOf = (schema: z.ZodType): SchemaDef => schema._zod.def as unknown as SchemaDef;

/** The schema under its wrappers (optional, default, pipe...), and whether any layer is multi-line or checks the rule itself. */
function unwrap(schema: z.ZodType | undefined): { schema: z.ZodType | undefined; multiline: boolean; ruled: boolean } {
  let multiline = false;
  let ruled = false;
  let current = schema;
  while (current) {
    if (multilineSchemas.has(current)) multiline = true;
    if (ruledSchemas.has(current)) ruled = true;
    const def = schemaDefOf(current);
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) break;
    current = inner;
  }
  return { schema: current, multiline, ruled };
}

/** Whether a text may be stored in a field: false when it holds a control character the field refuses. */
export function isPlainText(value: string, multiline = false): boolean {
  return !(multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/** Whether a field schema (a contract field, possibly wrapped) is multi-line text. */
export const isMultilineField = (schema: z.ZodType): boolean => unwrap(schema).multiline;

/**
 * The paths of every string (and object key) in `value` that breaks the text rule, following
 * `schema` to know which fields are multi-line; anything the schema does not describe is single-line.
 */
export function controlCharacterPaths(
  schema: z.ZodType | undefined,
  value: unknown,
  path: PropertyKey[] = [],
  found: PropertyKey[][] = [],
): PropertyKey[][] {
  const { schema: inner, multiline, ruled } = unwrap(schema);
  if (ruled && path.length > 0) return found;
  const def = inner ? schemaDefOf(inner) : undefined;
  if (typeof value === 'string') {
    if (!isPlainText(value, multiline)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => controlCharacterPaths(def?.element, item, [...path, index], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isPlainText(key)) found.push([...path, key]);
      else controlCharacterPaths(def?.shape?.[key], item, [...path, key], found);
    }
  }
  return found;
}

/**
 * `schema` with the text rule added: one issue per offending field, reported even when other fields
 * fail too. `defineCall` applies it to every request; a schema parsed on its own as well (the point
 * fields of an imported Excel row) applies it where it is defined.
 */
export function withTextRule<T extends z.ZodType>(schema: T): T {
  const ruled = schema.superRefine(
    (value, ctx) => {
      for (const path of controlCharacterPaths(schema, value))
        ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTER_MESSAGE, path });
    },
    { when: () => true },
  );
  ruledSchemas.add(ruled);
  return ruled;
}
