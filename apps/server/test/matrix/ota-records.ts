import { createHash } from 'node:crypto';
import type { OtaGeneration } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';

/** Records the OTA entries of the matrices address: a firmware of the demo heat pump owned by a company. */

const BYTES = Buffer.from('firmware of the matrix');

export const demoProduct = async (db: Kysely<DB>): Promise<string> =>
  (await db.selectFrom('products').select('id').where('product_key', '=', 'pkhpa200demo').executeTakeFirstOrThrow()).id;

/** A firmware (version 9.0.0) of the area owned by `dealerId`. */
export async function insertFirmware(db: Kysely<DB>, dealerId: string, generation: OtaGeneration): Promise<string> {
  const row = await db
    .insertInto('ota_firmware')
    .values({
      generation,
      dealer_id: dealerId,
      product_id: await demoProduct(db),
      type: 'mainboard',
      name: 'matrix.plcx',
      version: '9.0.0',
      software_code: 'MX',
      hardware_code: 'MX',
      supports_upgrade: true,
      size: BYTES.length,
      sha256: createHash('sha256').update(BYTES).digest('hex'),
      bytes: BYTES,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
