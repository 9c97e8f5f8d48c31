import { FIRMWARE_EXTENSION, MAINBOARD_FIRMWARE_MAX_BYTES, type FirmwareType } from '@dcc/contract';

/** Why the console refuses a chosen file before sending it (a catalog key), or null; the server checks again. */
export function chosenFileProblem(file: { name: string; size: number }, type: FirmwareType): string | null {
  if (!file.name.toLowerCase().endsWith(FIRMWARE_EXTENSION)) return 'otaCatalog.fileNotPlcx';
  if (type === 'mainboard' && file.size > MAINBOARD_FIRMWARE_MAX_BYTES) return 'otaCatalog.fileTooLarge';
  return null;
}
