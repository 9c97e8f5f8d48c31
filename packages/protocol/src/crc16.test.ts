import { describe, expect, it } from 'vitest';
import { crc16Modbus } from './crc16.ts';

const ascii = (s: string) => new TextEncoder().encode(s);

describe('crc16Modbus', () => {
  it('matches the CRC catalogue check value for "123456789"', () => {
    expect(crc16Modbus(ascii('123456789'))).toBe(0x4b37);
  });

  // The published frame is 01 03 00 00 00 0A C5 CD: CRC value 0xCDC5, low byte C5 on the wire first.
  it('matches the classic Modbus RTU request 01 03 00 00 00 0A (sent as C5 CD)', () => {
    const crc = crc16Modbus(Uint8Array.of(0x01, 0x03, 0x00, 0x00, 0x00, 0x0a));
    expect(crc).toBe(0xcdc5);
    expect([crc & 0xff, crc >>> 8]).toEqual([0xc5, 0xcd]);
  });

  it('matches the Modbus request 01 04 00 00 00 01 (sent as 31 CA)', () => {
    expect(crc16Modbus(Uint8Array.of(0x01, 0x04, 0x00, 0x00, 0x00, 0x01))).toBe(0xca31);
  });

  it('gives the init value for no bytes and honours start/end', () => {
    expect(crc16Modbus(new Uint8Array(0))).toBe(0xffff);
    const framed = Uint8Array.of(0xee, 0x01, 0x03, 0x00, 0x00, 0x00, 0x0a, 0xee);
    expect(crc16Modbus(framed, 1, 7)).toBe(0xcdc5);
  });

  it('yields zero when run over a frame followed by its own CRC, low byte first', () => {
    expect(crc16Modbus(Uint8Array.of(0x01, 0x03, 0x00, 0x00, 0x00, 0x0a, 0xc5, 0xcd))).toBe(0);
  });
});
