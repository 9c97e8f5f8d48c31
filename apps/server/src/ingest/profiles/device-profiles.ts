import type { CompiledTable } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { compiledVersionTable } from '../../modules/points/index.ts';
import { latestProtocolVersion } from '../../db/latest-protocol-version.ts';

/**
 * What the link, the ingest and the commands need to know about a device by its IoT code: who owns
 * it, how its payloads are read (the compiled point table of its product's protocol, or Alink JSON
 * for a thing-model product). Cached per code: a report must not cost a table compilation.
 */
export interface DeviceProfile {
  deviceId: string;
  deviceCode: string;
  dealerId: string;
  productId: string;
  /** 'pm' protocol-point product (binary frames), 'tm' thing-model product (Alink JSON). */
  messageType: 'pm' | 'tm';
  /** The protocol version whose table reads its frames: the newest version of the product's protocol. */
  versionId: string | null;
  /** Null for a thing-model product, a product without protocol or version, or a table that does not compile. */
  table: CompiledTable | null;
}

export interface DeviceProfiles {
  /** The device's profile, or undefined when no device has this code. */
  get(deviceCode: string): Promise<DeviceProfile | undefined>;
  /** Drops cached profiles (a device was edited or deleted, a protocol version changed): all when no code is given. */
  forget(deviceCode?: string): void;
}

/** Reads device profiles from the registry, keeping each for `ttlMs` (tables change rarely; edits call forget). */
export function deviceProfiles(db: Kysely<DB>, ttlMs = 60_000): DeviceProfiles {
  const cache = new Map<string, { at: number; profile: Promise<DeviceProfile | undefined> }>();
  const tables = new Map<string, { at: number; table: Promise<CompiledTable | null> }>();

  const tableOf = (versionId: string): Promise<CompiledTable | null> => {
    const hit = tables.get(versionId);
    if (hit && Date.now() - hit.at < ttlMs) return hit.table;
    const table = compiledVersionTable(db, versionId);
    tables.set(versionId, { at: Date.now(), table });
    table.catch(() => tables.delete(versionId));
    return table;
  };

  const load = async (deviceCode: string): Promise<DeviceProfile | undefined> => {
    const row = await db
      .selectFrom('devices as dv')
      .innerJoin('products as p', 'p.id', 'dv.product_id')
      .where('dv.device_code', '=', deviceCode)
      .select(['dv.id', 'dv.device_code', 'dv.dealer_id', 'dv.product_id', 'p.message_type', 'p.protocol_id'])
      .select(latestProtocolVersion)
      .executeTakeFirst();
    if (!row) return undefined;
    const versionId = row.message_type === 'pm' ? (row.version_id ?? null) : null;
    return {
      deviceId: row.id,
      deviceCode: row.device_code,
      dealerId: row.dealer_id,
      productId: row.product_id,
      messageType: row.message_type,
      versionId,
      table: versionId ? await tableOf(versionId) : null,
    };
  };

  return {
    get(deviceCode) {
      const hit = cache.get(deviceCode);
      if (hit && Date.now() - hit.at < ttlMs) return hit.profile;
      const profile = load(deviceCode);
      cache.set(deviceCode, { at: Date.now(), profile });
      profile.catch(() => cache.delete(deviceCode));
      return profile;
    },
    forget(deviceCode) {
      if (deviceCode === undefined) {
        cache.clear();
        tables.clear();
      } else {
        cache.delete(deviceCode);
      }
    },
  };
}
