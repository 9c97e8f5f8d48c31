import { beforeAll, describe, expect, it, vi } from 'vitest';
import { listDevices } from '@dcc/contract';
// Type-only: the modules themselves are imported after the browser globals exist.
import type * as ClientModule from '../api/client.ts';
import type * as DeviceHooksModule from '../features/devices/hooks.ts';
import type * as StartAddressCodeModule from './startAddressCode.ts';
import type * as FirstCallsModule from './firstCalls.ts';

const storage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
};
vi.stubGlobal('sessionStorage', storage());
vi.stubGlobal('localStorage', storage());
// As the client's test: the i18n module, shared by the unit files of a worker, starts in English.
vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US'] });
vi.stubGlobal('window', { location: { hash: '' } });

let client: typeof ClientModule;
let devices: typeof DeviceHooksModule;
let start: typeof StartAddressCodeModule;
let firstCalls: typeof FirstCallsModule;
beforeAll(async () => {
  client = await import('../api/client.ts');
  devices = await import('../features/devices/hooks.ts');
  start = await import('./startAddressCode.ts');
  firstCalls = await import('./firstCalls.ts');
  // The device list's hooks bring antd and React Query: a slow import on a loaded machine.
}, 60_000);

const DEVICE_LIST_ADDRESS = '#/company/deviceManage/devicesManage';

describe("a page's first call started by the console's entry on a reload", () => {
  it('is the request the device list sends as it opens (URL, language, context and body), in either language', () => {
    sessionStorage.setItem('sessionid', 'token-1');
    sessionStorage.setItem('dealersId', 'd-7');
    sessionStorage.setItem('pattern', 'D');
    const first = firstCalls.firstCallAt(DEVICE_LIST_ADDRESS)!;
    expect(first.list).toBe(devices.DEVICE_LIST);
    for (const language of ['zh-CN', 'en-US'] as const) {
      localStorage.setItem('language', language);
      expect(start.firstCallRequest(first)).toEqual(
        client.requestOf(listDevices, devices.deviceListRequest(devices.DEVICE_LIST_FIRST_PAGE), { language }),
      );
    }
  });

  it('is not started when the list remembers a filter, page or sort, nor for a page under the list', () => {
    const first = firstCalls.firstCallAt(DEVICE_LIST_ADDRESS)!;
    sessionStorage.setItem(`listState.${devices.DEVICE_LIST}`, JSON.stringify({ pageIndex: 3 }));
    expect(start.firstCallRequest(first)).toBeNull();
    expect(firstCalls.firstCallAt(`${DEVICE_LIST_ADDRESS}/deviceDetail/5`)).toBeUndefined();
  });
});
