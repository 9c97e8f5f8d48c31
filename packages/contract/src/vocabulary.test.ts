import { describe, expect, it } from 'vitest';
import { formatLiveMessage, parseLiveMessage } from './calls/devices/live-events.ts';
import { DEVICE_STATUSES, DeviceStatus, displayedStatus, linkStatusOf } from './device-status.ts';
import { FAULT_LEVELS, faultTypeOf, isFaultLevel, MAX_FAULT_LEVEL, MIN_FAULT_LEVEL } from './faults.ts';
import { OFFLINE_REASON_CODES, OfflineReason, REVOCATION_CODES } from './offline-reasons.ts';

describe('device status', () => {
  it('keeps an UNACTIVE device UNACTIVE while connected; an activated one follows its connection', () => {
    expect([
      displayedStatus(false, true),
      displayedStatus(false, false),
      displayedStatus(true, true),
      displayedStatus(true, false),
    ]).toEqual(['UNACTIVE', 'UNACTIVE', 'ONLINE', 'OFFLINE']);
    expect([linkStatusOf(true), linkStatusOf(false)]).toEqual(['ONLINE', 'OFFLINE']);
    expect(Object.values(DeviceStatus)).toEqual([...DEVICE_STATUSES]);
  });
});

describe('fault levels and types', () => {
  it('are 0-3, typed statistics, light, light, heavy', () => {
    expect([MIN_FAULT_LEVEL, MAX_FAULT_LEVEL]).toEqual([0, 3]);
    expect(FAULT_LEVELS.map(faultTypeOf)).toEqual(['statistics', 'light', 'light', 'heavy']);
    expect([-1, 0, 3, 4, 1.5].map(isFaultLevel)).toEqual([false, true, true, false, false]);
  });
});

describe('offline reasons', () => {
  it('name every code of spec section 8 once, in its order', () => {
    expect(OFFLINE_REASON_CODES).toEqual([
      200, 1910, 1911, 1913, 401, 427, 520, 521, 522, 6100, 6204, 6287, 6288, 6296, 6401, 6402, 6419, 2043,
    ]);
    expect(REVOCATION_CODES).toEqual([401, 521, 522]);
    expect([OfflineReason.DELETED, OfflineReason.DISABLED]).toEqual([521, 522]);
  });
});

describe('live event messages', () => {
  const status = {
    deviceId: '7',
    deviceCode: 'HP-1',
    status: 'OFFLINE' as const,
    code: 1910,
    at: '2026-11-24T10:00:00.000Z',
    offlineReason: 'MQTT heartbeat timeout',
    offlineCheckMethod: 'Check the signal',
  };

  it('are formatted as a named Server-Sent Event with the fields of their schema only', () => {
    const text = formatLiveMessage('status', { ...status, dealerId: '3' } as typeof status);
    expect(text).toBe(`event: status\ndata: ${JSON.stringify(status)}\n\n`);
    expect(formatLiveMessage('resync', { at: 'x' })).toBe('event: resync\ndata: {"at":"x"}\n\n');
  });

  it('refuse to format data outside the schema', () => {
    expect(() => formatLiveMessage('status', { ...status, status: 'UNACTIVE' as 'ONLINE' })).toThrow();
  });

  it('parse what the server formats, and answer why a malformed message is not an event', () => {
    expect(parseLiveMessage('status', JSON.stringify(status))).toEqual({
      ok: true,
      event: { kind: 'status', data: status },
    });
    expect(parseLiveMessage('values', '{')).toEqual({ ok: false, error: 'values: data is not JSON' });
    const wrong = parseLiveMessage('fault', JSON.stringify({ deviceId: '7', level: 'high' }));
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.error).toMatch(/^fault: .*level/s);
  });
});
