import { createHash } from 'node:crypto';
import {
  FIRMWARE_EXTENSION,
  GATEWAY_FIRMWARE_MAX_BYTES,
  MAINBOARD_FIRMWARE_MAX_BYTES,
  type FirmwareType,
} from '@dcc/contract';

/** Why a firmware file is refused (a message key of ota.file.*), or null when it is accepted (spec section 5). */
export function firmwareFileProblem(fileName: string, size: number, type: FirmwareType): string | null {
  if (!fileName.toLowerCase().endsWith(FIRMWARE_EXTENSION)) return 'ota.file.notPlcx';
  if (size === 0) return 'ota.file.empty';
  if (type === 'mainboard' && size > MAINBOARD_FIRMWARE_MAX_BYTES) return 'ota.file.mainboardTooLarge';
  if (size > GATEWAY_FIRMWARE_MAX_BYTES) return 'ota.file.gatewayTooLarge';
  return null;
}

/** Lowercase hex SHA-256 of the file: kept with it and sent to the device, which checks what it downloaded against it. */
export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
