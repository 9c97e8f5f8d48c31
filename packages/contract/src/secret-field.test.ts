import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_CALLS, addDevice, login, updatePwd } from './calls/index.ts';
import { isSecretField, REDACTED, redactedParams, secretField } from './secret-field.ts';
import { schemaDefOf } from './text.ts';

/** Every [field name, schema] of a request, nested objects, lists and unions included. */
function fieldsOf(schema: z.ZodType, found: Array<[string, z.ZodType]> = []): Array<[string, z.ZodType]> {
  let def = schemaDefOf(schema);
  while (def.innerType ?? (def.type === 'pipe' ? def.in : undefined)) {
    const inner = def.innerType ?? def.in!;
    def = schemaDefOf(inner);
  }
  for (const [name, field] of Object.entries(def.shape ?? {})) {
    found.push([name, field]);
    fieldsOf(field, found);
  }
  if (def.element) fieldsOf(def.element, found);
  for (const option of def.options ?? []) fieldsOf(option, found);
  return found;
}

describe('secret fields', () => {
  it('replaces passwords, digests and SMS codes and keeps the other parameters', () => {
    expect(JSON.parse(redactedParams(login.request, { name: '13800000000', password: 'a'.repeat(32) }))).toEqual({
      name: '13800000000',
      password: REDACTED,
    });
    expect(JSON.parse(redactedParams(login.request, { name: '13800000000', code: '123456' }))).toEqual({
      name: '13800000000',
      code: REDACTED,
    });
    const changed = redactedParams(updatePwd.request, {
      oldPassword: 'b'.repeat(32),
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect(changed).not.toContain('Secret123');
    expect(changed).not.toContain('bbbb');
  });

  it('leaves out what the schema does not describe, and cuts long texts and lists', () => {
    const text = redactedParams(addDevice.request, {
      deviceCode: 'DEV-1',
      password: 'stray-secret',
      sn: 'x'.repeat(500),
    });
    expect(text).not.toContain('stray-secret');
    expect(JSON.parse(text).deviceCode).toBe('DEV-1');
    expect(JSON.parse(text).sn.length).toBeLessThan(210);
    const list = z.object({ ids: z.array(z.string()) });
    expect(JSON.parse(redactedParams(list, { ids: Array.from({ length: 80 }, String) })).ids).toHaveLength(50);
  });

  it('finds a marked field under optional, default and union wrappers', () => {
    const secret = secretField(z.string());
    const schema = z.union([z.object({ a: secret.optional() }), z.object({ b: z.string().default('') })]);
    expect(JSON.parse(redactedParams(schema, { a: 'hidden', b: 'shown' }))).toEqual({ a: REDACTED, b: 'shown' });
  });

  it('marks every request field of the contract that carries a password, secret, token or key', () => {
    expect(fieldsOf(updatePwd.request).map(([name]) => name)).toEqual(['oldPassword', 'password', 'confirmPassword']);
    const unmarked = ALL_CALLS.flatMap((call) =>
      fieldsOf(call.request)
        .filter(([name]) => /password|secret|token|accesskey/i.test(name))
        .filter(([, field]) => !isSecretField(field))
        .map(([name]) => `${call.path} ${name}`),
    );
    expect(unmarked).toEqual([]);
  });
});
