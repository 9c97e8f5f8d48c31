import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isDeviceCode } from '@dcc/protocol';
import type { FleetDevice } from './fleet.ts';
import { PRODUCT_KINDS, type ProductKind } from './identity.ts';

/**
 * Devices with made-up codes and secrets, for a broker that lets anyone in (a local Mosquitto):
 * every tenth is a water heater, the rest heat pumps.
 */
export function madeUpFleet(count: number, seed = 'dcc-sim', prefix = 'SIM'): FleetDevice[] {
  return Array.from({ length: count }, (_, i) => {
    const code = `${prefix}${String(i + 1).padStart(6, '0')}`;
    const kind: ProductKind = i % 10 === 9 ? 'waterHeater' : 'heatPump';
    return { code, kind, secret: createHash('sha256').update(`${seed}:${code}`).digest('hex') };
  });
}

/**
 * Checks a device list (JSON: an array of { code, secret, kind }, an entry with `children: [{ code, kind }]`
 * being a gateway that reports for them); throws naming the first bad entry.
 */
export function parseFleetList(input: unknown): FleetDevice[] {
  if (!Array.isArray(input)) throw new Error('the device file must hold a JSON array of { code, secret, kind }');
  const seen = new Set<string>();
  return input.map((entry: unknown, index) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    const where = `device ${index + 1}`;
    if (typeof e.code !== 'string' || !isDeviceCode(e.code))
      throw new Error(`${where}: code must be an IoT code ([A-Za-z0-9_-]{4,64})`);
    if (seen.has(e.code)) throw new Error(`${where}: ${e.code} is listed twice`);
    seen.add(e.code);
    if (typeof e.secret !== 'string' || e.secret === '')
      throw new Error(`${where} (${e.code}): secret must be a non-empty text`);
    const kind = kindOf(e.kind, `${where} (${e.code})`);
    if (e.children === undefined) return { code: e.code, secret: e.secret, kind };
    if (!Array.isArray(e.children))
      throw new Error(`${where} (${e.code}): children must be an array of { code, kind }`);
    const children = e.children.map((child: unknown, k) => {
      const c = (child ?? {}) as Record<string, unknown>;
      const at = `${where} (${e.code as string}) child ${k + 1}`;
      if (typeof c.code !== 'string' || !isDeviceCode(c.code))
        throw new Error(`${at}: code must be an IoT code ([A-Za-z0-9_-]{4,64})`);
      if (seen.has(c.code)) throw new Error(`${at}: ${c.code} is listed twice`);
      seen.add(c.code);
      return { code: c.code, kind: kindOf(c.kind, at) };
    });
    return { code: e.code, secret: e.secret, kind, children };
  });
}

function kindOf(kind: unknown, where: string): ProductKind {
  const k = kind ?? 'heatPump';
  if (!(PRODUCT_KINDS as readonly unknown[]).includes(k))
    throw new Error(`${where}: kind must be one of ${PRODUCT_KINDS.join(', ')}`);
  return k as ProductKind;
}

export async function readFleetFile(path: string): Promise<FleetDevice[]> {
  return parseFleetList(JSON.parse(await readFile(path, 'utf8')));
}
