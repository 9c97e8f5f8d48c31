import { Button, addProtocol, importPoints, type ProtocolDetail } from '@dcc/contract';
import { afterAll, beforeAll } from 'vitest';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * The app of one protocol-catalog test file: a level-0 company P whose member (the maker) holds
 * the protocol button, and a level-1 company A under it whose member (the reader) holds it too.
 */
export interface CatalogEnv {
  t: TestApp;
  maker: { sessionid: string; dealersId: string };
  makerName: string;
  reader: { sessionid: string; dealersId: string };
}

export function useCatalogApp(): CatalogEnv {
  const env = {} as CatalogEnv;
  beforeAll(async () => {
    env.t = await startTestApp();
    const P = await newDealer(env.t.db, { level: 0 });
    const A = await newDealer(env.t.db, { parentId: P, level: 1 });
    env.makerName = 'Catalog Maker';
    const maker = await newUser(env.t.db, { realName: env.makerName });
    const reader = await newUser(env.t.db, { realName: 'Catalog Reader' });
    await newMember(env.t.db, P, maker.id, [Button.PRODUCT_MANAGE, Button.PROTOCOLS]);
    await newMember(env.t.db, A, reader.id, [Button.PRODUCT_MANAGE, Button.PROTOCOLS]);
    env.maker = { sessionid: await loginAs(env.t.app, maker.phone), dealersId: P };
    env.reader = { sessionid: await loginAs(env.t.app, reader.phone), dealersId: A };
  });
  afterAll(async () => env.t.close());
  return env;
}

let sequence = 0;
/** A protocol code no other test uses. */
export const freshCode = (): string => `T-${Date.now().toString(36)}-${(sequence += 1)}`;

/** Adds a protocol (as the maker) and answers it with its first version. */
export async function newProtocol(env: CatalogEnv, overrides: Record<string, unknown> = {}): Promise<ProtocolDetail & { versionId: string }> {
  const added = await call<ProtocolDetail>(env.t.app, addProtocol, { protocolName: 'Test_protocol', protocolCode: freshCode(), ...overrides }, env.maker);
  if (added.body.error_code !== 0) throw new Error(`addProtocol failed: ${JSON.stringify(added.body)}`);
  const protocol = added.body.objectResult!;
  return { ...protocol, versionId: protocol.versions[0]!.versionId };
}

/** A valid point body: a 2-byte read-only number unless told otherwise. */
export const pointBody = (address: number, pointCode: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  address, pointCode, pointName: `点位${address}`, mode: 'R', byteLength: 2, ...extra,
});

/** Posts a multipart call the way the console uploads a file: fields first, then `file`. */
export async function postFile(
  env: CatalogEnv,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer } | null,
  options: { language?: string; as?: { sessionid: string; dealersId: string } } = {},
) {
  const boundary = `----catalog${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  const as = options.as ?? env.maker;
  for (const [name, value] of Object.entries({ sessionid: as.sessionid, dealersId: as.dealersId, ...fields })) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await env.t.app.inject({
    method: 'POST',
    url: `${importPoints.path}?language=${options.language ?? 'en_US'}`,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: response.statusCode, body: response.json() as { error_code: number; error_msg: string; objectResult: unknown } };
}
