import { describe, expect, it } from 'vitest';
import { buildPropertyPost } from '../alink.ts';
import { demoHeatPumpTable } from '../demo-table.ts';
import { encodeHeartbeat, encodeReport } from '../encode.ts';
import { gatewayChildStatus, parseGatewayChildStatus, payloadDeviceCode } from './gateway.ts';

const bytesOf = (r: { ok: true; bytes: Uint8Array } | { ok: false; error: { message: string } }) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.bytes;
};

describe('payloadDeviceCode', () => {
  it("reads a frame's device code from its header, whatever its function", () => {
    expect(
      payloadDeviceCode(
        bytesOf(encodeReport('HP2406A0001', [{ address: 13, value: -3.5 }], demoHeatPumpTable(), { seq: 7 })),
      ),
    ).toBe('HP2406A0001');
    expect(payloadDeviceCode(bytesOf(encodeHeartbeat('CHILD-07', { rssi: -60, mainboardLink: true })))).toBe(
      'CHILD-07',
    );
  });

  it("reads an Alink message's deviceCode member, and nothing when it has none", () => {
    const post = buildPropertyPost('1', { TargetTemperature: 50 });
    expect(payloadDeviceCode(new TextEncoder().encode(JSON.stringify({ ...post, deviceCode: 'WH-CHILD-1' })))).toBe(
      'WH-CHILD-1',
    );
    expect(payloadDeviceCode(new TextEncoder().encode(JSON.stringify(post)))).toBeUndefined();
    expect(payloadDeviceCode(new TextEncoder().encode('{"deviceCode": 12}'))).toBeUndefined();
    expect(
      payloadDeviceCode(new TextEncoder().encode(JSON.stringify({ ...post, params: { deviceCode: 'NESTED-1' } }))),
    ).toBeUndefined();
    expect(payloadDeviceCode(new TextEncoder().encode('{"id":"1","deviceCod":"X","deviceCode":"WH-2"}'))).toBe('WH-2');
    expect(payloadDeviceCode(new TextEncoder().encode('{"deviceCode": "x"'))).toBeUndefined();
  });

  it('names nothing for a frame whose code is cut off or not printable, or for junk', () => {
    const frame = bytesOf(encodeReport('HP2406A0001', [{ address: 13, value: 1 }], demoHeatPumpTable()));
    expect(payloadDeviceCode(frame.subarray(0, 12))).toBeUndefined();
    const bad = Uint8Array.from(frame);
    bad[8] = 0x20;
    expect(payloadDeviceCode(bad)).toBeUndefined();
    expect(payloadDeviceCode(Uint8Array.from([1, 2, 3]))).toBeUndefined();
    expect(payloadDeviceCode(new Uint8Array(0))).toBeUndefined();
  });
});

describe('gateway status messages about children', () => {
  it('round-trips each event', () => {
    for (const event of ['online', 'linkLost', 'sessionError'] as const) {
      expect(parseGatewayChildStatus(new TextEncoder().encode(gatewayChildStatus(event, 'HP-0001')))).toEqual({
        event,
        childCode: 'HP-0001',
      });
    }
    expect(gatewayChildStatus('linkLost', 'HP-0001')).toBe('child-offline HP-0001');
    expect(gatewayChildStatus('sessionError', 'HP-0001')).toBe('child-error HP-0001');
  });

  it("is null for the device's own connection messages and anything malformed", () => {
    for (const text of [
      'online',
      'offline',
      'disconnect',
      'child-online',
      'child-online a/b#c',
      'child-gone HP-0001',
      'child-online HP-0001 extra',
      `child-online ${'x'.repeat(65)}`,
    ]) {
      expect(parseGatewayChildStatus(new TextEncoder().encode(text))).toBeNull();
    }
  });
});
