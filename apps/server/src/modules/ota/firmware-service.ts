import { ErrorCode, translate, type Firmware, type Locale, type OtaGeneration } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, fail } from '../../http/app-error.ts';
import type { Actor, UploadedFile } from '../../http/call-route.ts';
import { firmwareFileProblem, sha256Hex } from './firmware-file.ts';
import { deleteFirmwareInScope, insertFirmware, productExists, usableFirmware } from './firmware-repo.ts';
import type { FirmwareStores } from './firmware-store.ts';

/** FIRMWARE_FILE_INVALID with the reason (an ota.file.* key) in the caller's language. */
export const firmwareRefused = (locale: Locale, reasonKey: string): AppError =>
  new AppError(ErrorCode.FIRMWARE_FILE_INVALID, 'ota.error.fileInvalid', { reason: translate(locale, reasonKey) });

export interface FirmwareFields {
  productId: string;
  type: Firmware['type'];
  version: string;
  softwareCode: string;
  hardwareCode: string;
  supportsUpgrade: boolean;
}

/** Stores an uploaded firmware of the area for the scope's company: a .plcx file within its type's size, a product that exists. */
export async function uploadFirmware(
  db: Kysely<DB>,
  stores: FirmwareStores,
  scope: DealerScope,
  actor: Actor,
  locale: Locale,
  generation: OtaGeneration,
  fields: FirmwareFields,
  file: UploadedFile | null,
): Promise<Firmware> {
  if (!file) throw firmwareRefused(locale, 'ota.file.missing');
  const problem = firmwareFileProblem(file.fileName, file.bytes.length, fields.type);
  if (problem) throw firmwareRefused(locale, problem);
  if (!(await productExists(db, fields.productId))) fail(ErrorCode.PRODUCT_UNKNOWN);
  const id = await insertFirmware(db, stores.uploads, scope, {
    generation,
    ...fields,
    name: file.fileName,
    sha256: sha256Hex(file.bytes),
    bytes: file.bytes,
    uploadedBy: actor.userId,
  });
  return (await usableFirmware(db, scope, generation, id, locale))!;
}

/** Deletes a firmware of the scope's subtree; NOT_FOUND for another's, FIRMWARE_IN_USE while a task runs with it. */
export async function deleteFirmware(
  db: Kysely<DB>,
  stores: FirmwareStores,
  scope: DealerScope,
  generation: OtaGeneration,
  firmwareId: string,
): Promise<Record<string, never>> {
  const outcome = await deleteFirmwareInScope(db, stores.holding, scope, generation, firmwareId);
  if (outcome === 'notFound') fail(ErrorCode.NOT_FOUND);
  if (outcome === 'inUse') fail(ErrorCode.FIRMWARE_IN_USE);
  return {};
}
