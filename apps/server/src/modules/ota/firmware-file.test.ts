import { MAINBOARD_FIRMWARE_MAX_BYTES } from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { firmwareFileProblem, sha256Hex } from './firmware-file.ts';

describe('firmware file rules (spec section 5)', () => {
  it('accepts only .plcx files, mainboard ones up to 512 KB', () => {
    expect(firmwareFileProblem('main-2.1.0.plcx', MAINBOARD_FIRMWARE_MAX_BYTES, 'mainboard')).toBeNull();
    expect(firmwareFileProblem('MAIN.PLCX', 10, 'mainboard')).toBeNull();
    expect(firmwareFileProblem('main.bin', 10, 'mainboard')).toBe('ota.file.notPlcx');
    expect(firmwareFileProblem('main.plcx.exe', 10, 'gateway')).toBe('ota.file.notPlcx');
    expect(firmwareFileProblem('main.plcx', MAINBOARD_FIRMWARE_MAX_BYTES + 1, 'mainboard')).toBe(
      'ota.file.mainboardTooLarge',
    );
    expect(firmwareFileProblem('dtu.plcx', MAINBOARD_FIRMWARE_MAX_BYTES + 1, 'gateway')).toBeNull();
    expect(firmwareFileProblem('empty.plcx', 0, 'gateway')).toBe('ota.file.empty');
  });
  it('keeps the SHA-256 as lowercase hex', () => {
    expect(sha256Hex(Buffer.from('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
