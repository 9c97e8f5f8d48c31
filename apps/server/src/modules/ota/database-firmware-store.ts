import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ByteSpan, FirmwareStore } from './firmware-store.ts';

/** Firmware files in their own rows (`ota_firmware.bytes`): every instance of one database serves them. */
export class DatabaseFirmwareStore implements FirmwareStore {
  readonly kind = 'database' as const;

  constructor(private readonly db: Kysely<DB>) {}

  async put(firmwareId: string, bytes: Buffer, within: Kysely<DB>): Promise<void> {
    await within.updateTable('ota_firmware').set({ bytes }).where('id', '=', firmwareId).execute();
  }

  async read(firmwareId: string, span?: ByteSpan): Promise<Buffer | undefined> {
    const bytes = span
      ? sql<Buffer | null>`substring(bytes from ${span.start + 1} for ${span.end - span.start + 1})`
      : sql<Buffer | null>`bytes`;
    const row = await this.db
      .selectFrom('ota_firmware')
      .select(bytes.as('bytes'))
      .where('id', '=', firmwareId)
      .where('stored_in', '=', this.kind)
      .executeTakeFirst();
    return row?.bytes ?? undefined;
  }

  /** Nothing to do: the file is a column of the row, and goes with it. */
  async delete(): Promise<void> {}

  async exists(firmwareId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('ota_firmware')
      .select('id')
      .where('id', '=', firmwareId)
      .where('stored_in', '=', this.kind)
      .where('bytes', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }
}
