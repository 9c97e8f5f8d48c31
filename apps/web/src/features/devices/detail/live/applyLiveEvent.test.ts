import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { PointValue } from '@dcc/contract';
import type { DetailDevice } from '../detailDevice.ts';
import { currentFaultsKey, deviceKey, deviceValuesKey } from '../deviceKeys.ts';
import { applyLiveEvent } from './applyLiveEvent.ts';

const point = (address: number, value: number | null): PointValue => ({
  address,
  code: `p${address}`,
  name: '',
  enName: '',
  unit: '',
  mode: 'R',
  value,
  reportedAt: null,
  vendorParam: false,
  clientParam: false,
  basicInfo: false,
  min: null,
  max: null,
  minHidden: false,
  maxHidden: false,
  minAwaits: null,
  maxAwaits: null,
  options: [],
  bits: [],
  faults: [],
});
const device = {
  deviceId: 'd1',
  status: 'ONLINE',
  connected: true,
  offlineCode: null,
  offlineReason: null,
  offlineCheckMethod: null,
} as unknown as DetailDevice;

function cache() {
  const client = new QueryClient();
  client.setQueryData(deviceValuesKey('d1'), { dataList: [point(10, 1), point(11, 2)] });
  client.setQueryData(deviceKey('d1'), device);
  client.setQueryData(currentFaultsKey('d1'), { list: [], totalSize: 0 });
  return client;
}

describe('applyLiveEvent', () => {
  it('writes new values into the cached answer with their time, leaving the other points', () => {
    const client = cache();
    applyLiveEvent(client, 'd1', {
      kind: 'values',
      data: { deviceId: 'd1', deviceCode: 'C1', values: [{ address: 11, value: 42 }], at: '2026-11-24T10:00:00Z' },
    });
    expect(client.getQueryData<{ dataList: PointValue[] }>(deviceValuesKey('d1'))!.dataList).toEqual([
      point(10, 1),
      { ...point(11, 42), reportedAt: '2026-11-24T10:00:00Z' },
    ]);
  });

  it("ignores another device's events", () => {
    const client = cache();
    applyLiveEvent(client, 'd1', {
      kind: 'values',
      data: { deviceId: 'd2', deviceCode: 'C2', values: [{ address: 11, value: 42 }], at: '2026-11-24T10:00:00Z' },
    });
    expect(client.getQueryData<{ dataList: PointValue[] }>(deviceValuesKey('d1'))!.dataList[1]!.value).toBe(2);
  });

  it('shows an offline status with its reason at once, and keeps a not activated device UNACTIVE', () => {
    const client = cache();
    const offline = {
      deviceId: 'd1',
      deviceCode: 'C1',
      status: 'OFFLINE' as const,
      code: 1910,
      at: '2026-11-24T10:00:00Z',
      offlineReason: 'MQTT heartbeat timeout',
      offlineCheckMethod: 'Check the signal',
    };
    applyLiveEvent(client, 'd1', { kind: 'status', data: offline });
    expect(client.getQueryData(deviceKey('d1'))).toMatchObject({
      status: 'OFFLINE',
      connected: false,
      offlineCode: 1910,
      offlineReason: 'MQTT heartbeat timeout',
      offlineCheckMethod: 'Check the signal',
    });
    client.setQueryData(deviceKey('d1'), { ...device, status: 'UNACTIVE', connected: false });
    applyLiveEvent(client, 'd1', { kind: 'status', data: { ...offline, status: 'ONLINE', code: 200 } });
    expect(client.getQueryData(deviceKey('d1'))).toMatchObject({ status: 'UNACTIVE', connected: true });
  });

  it('marks the current faults stale on a fault, and everything on a resync', () => {
    const client = cache();
    applyLiveEvent(client, 'd1', {
      kind: 'fault',
      data: { deviceId: 'd1', deviceCode: 'C1', faultCode: 'E1', level: 2, open: true, at: '2026-11-24T10:00:00Z' },
    });
    expect(client.getQueryState(currentFaultsKey('d1'))!.isInvalidated).toBe(true);
    expect(client.getQueryState(deviceValuesKey('d1'))!.isInvalidated).toBe(false);
    applyLiveEvent(client, 'd1', { kind: 'resync' });
    expect(client.getQueryState(deviceValuesKey('d1'))!.isInvalidated).toBe(true);
  });
});

describe('applyLiveEvent on answers waiting to be read again', () => {
  it('leaves an answer marked stale (a language switch) stale, so it is read again in the new language', () => {
    const client = cache();
    void client.invalidateQueries({ queryKey: deviceValuesKey('d1') });
    void client.invalidateQueries({ queryKey: deviceKey('d1') });
    applyLiveEvent(client, 'd1', {
      kind: 'values',
      data: { deviceId: 'd1', deviceCode: 'C1', values: [{ address: 11, value: 42 }], at: '2026-11-24T10:00:00Z' },
    });
    applyLiveEvent(client, 'd1', {
      kind: 'status',
      data: {
        deviceId: 'd1',
        deviceCode: 'C1',
        status: 'ONLINE',
        code: 200,
        at: '2026-11-24T10:00:00Z',
        offlineReason: null,
        offlineCheckMethod: null,
      },
    });
    expect(client.getQueryState(deviceValuesKey('d1'))!.isInvalidated).toBe(true);
    expect(client.getQueryState(deviceKey('d1'))!.isInvalidated).toBe(true);
  });
});
