import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { FirmwareStoreKind } from '../../firmware-store-config.ts';

/** Bytes start..end of a file, both included (as in a Range header). */
export interface ByteSpan {
  start: number;
  end: number;
}

/**
 * Where the files of firmware are kept, by firmware id; the firmware's row (size, SHA-256, versions) stays in the
 * database, and records in `stored_in` which store has its file. Failures to reach the store throw an AppError
 * OTA_FIRMWARE_STORE_UNAVAILABLE; a file the store does not have reads as undefined.
 */
export interface FirmwareStore {
  readonly kind: FirmwareStoreKind;
  /** Keeps the file of the firmware row just written through `within` (the upload's transaction). */
  put(firmwareId: string, bytes: Buffer, within: Kysely<DB>): Promise<void>;
  /** The whole file, or the span of it; undefined when the store does not have it. */
  read(firmwareId: string, span?: ByteSpan): Promise<Buffer | undefined>;
  /** Removes the file (nothing when it is gone already); called in the transaction that deletes the row. */
  delete(firmwareId: string): Promise<void>;
  exists(firmwareId: string): Promise<boolean>;
}

/** The store new uploads go to, and the stores this instance can read a firmware's file from. */
export interface FirmwareStores {
  readonly uploads: FirmwareStore;
  /** The store a row's `stored_in` names, or null when this instance has none of that kind (S3 not configured). */
  holding(kind: FirmwareStoreKind): FirmwareStore | null;
  close(): void;
}
