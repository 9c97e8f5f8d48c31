import { schemaDefOf as defOf, type SchemaDef as Def } from '@dcc/contract';
import type { z } from 'zod';

/** A path into a request body: object keys and array indexes. */
export type FieldPath = ReadonlyArray<string | number>;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/**
 * A body of the shape a request schema declares, read from the schema alone: every optional field
 * present, one element per array, the first option of enums and unions (of a union, the first
 * option that declares the field at `along`, so that a test can put its value there). It need not
 * pass the call's rules (formats, existing ids); tests put one value of interest into it.
 */
export function samplePayload(schema: z.ZodType, along: FieldPath = []): unknown {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return samplePayload(def.innerType!, along);
  switch (def.type) {
    case 'pipe':
      return samplePayload(def.in!, along);
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape!).map(([key, field]) => [
          key,
          samplePayload(field, key === along[0] ? along.slice(1) : []),
        ]),
      );
    case 'array':
      return [samplePayload(def.element!, along.slice(1))];
    case 'union': {
      const declares = (option: z.ZodType) =>
        along.length === 0 || stringFieldPaths(option).some((path) => along.every((step, k) => path[k] === step));
      return samplePayload(def.options!.find(declares) ?? def.options![0]!, along);
    }
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      return 'Sample1';
    default:
      return null;
  }
}

/** Whether a schema (under its wrappers) takes a string on the wire: strings, string enums and string literals. */
function takesString(def: Def): boolean {
  if (def.type === 'string') return true;
  if (def.type === 'enum') return Object.values(def.entries!).some((value) => typeof value === 'string');
  if (def.type === 'literal') return def.values!.some((value) => typeof value === 'string');
  return false;
}

/** The path of every field a request schema declares as text, nested objects and arrays (element 0) included. */
export function stringFieldPaths(schema: z.ZodType, path: FieldPath = []): FieldPath[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return stringFieldPaths(def.innerType!, path);
  if (def.type === 'pipe') return stringFieldPaths(def.in!, path);
  if (def.type === 'object')
    return Object.entries(def.shape!).flatMap(([key, field]) => stringFieldPaths(field, [...path, key]));
  if (def.type === 'array') return stringFieldPaths(def.element!, [...path, 0]);
  if (def.type === 'union') {
    const paths = def.options!.flatMap((option) => stringFieldPaths(option, path));
    return [...new Map(paths.map((entry) => [entry.join('.'), entry])).values()];
  }
  return takesString(def) ? [path] : [];
}

/** A copy of `body` with `value` at `path` (the objects and arrays on the way are copied). */
export function withValueAt(body: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container = (
    Array.isArray(body) ? [...(body as unknown[])] : { ...(body as Record<string, unknown>) }
  ) as Record<string | number, unknown>;
  container[head!] = withValueAt(container[head!], rest, value);
  return container;
}
