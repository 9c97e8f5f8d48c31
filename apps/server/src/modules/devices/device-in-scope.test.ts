import { describe, expect, expectTypeOf, it } from 'vitest';
import type { commandTarget } from '../device-commands/command-target.ts';
import type { macOfDevice } from '../device-binding/mac-repo.ts';
import type { findSnBinding } from '../device-binding/sn-repo.ts';
import type { pointHistory } from '../telemetry/history-repo.ts';
import type { deviceFaultPage, deviceRefusals } from '../telemetry/repo.ts';
import type { childrenOf } from '../topology/repo.ts';
import type { findDevice } from './repo.ts';
import type { DeviceInScope } from './device-in-scope.ts';

/**
 * Compile-time checks (`npm run typecheck` runs over tests): a device in scope cannot be forged from what a
 * caller sent, and the device-keyed reads take one, so a handler that skips the lookup does not compile.
 */
describe('DeviceInScope', () => {
  const fields = { id: '1', code: 'D0001', productId: '2', dealerId: '3', dealerPath: '/3/' };

  it('cannot be built from an object literal, only found by device-in-scope.ts', () => {
    // @ts-expect-error a device in scope comes from findDeviceInScope / devicesInScope, never from fields
    const forged: DeviceInScope = fields;
    expect(forged.id).toBe('1');
  });

  it('is not a bare id or IoT code', () => {
    expectTypeOf<string>().not.toMatchTypeOf<DeviceInScope>();
    expectTypeOf<typeof fields>().not.toMatchTypeOf<DeviceInScope>();
  });

  it('is what the device-keyed repository functions take', () => {
    expectTypeOf<Parameters<typeof findDevice>[1]>().toEqualTypeOf<DeviceInScope>();
    expectTypeOf<Parameters<typeof commandTarget>[1]>().toEqualTypeOf<DeviceInScope>();
    expectTypeOf<Parameters<typeof deviceFaultPage>[1]>().toEqualTypeOf<DeviceInScope>();
    expectTypeOf<Parameters<typeof deviceRefusals>[1]>().toEqualTypeOf<DeviceInScope>();
    expectTypeOf<Parameters<typeof macOfDevice>[1]>().toEqualTypeOf<DeviceInScope>();
    expectTypeOf<Parameters<typeof childrenOf>[1]>().toEqualTypeOf<DeviceInScope>();
    expectTypeOf<Parameters<typeof findSnBinding>[1]>().toEqualTypeOf<DeviceInScope>();
    expectTypeOf<Parameters<typeof pointHistory>[1]>().toEqualTypeOf<DeviceInScope>();
    type RefusalArguments = Parameters<typeof deviceRefusals>;
    // @ts-expect-error a bare id (or IoT code) the caller sent is not accepted where a device in scope is
    const bareId: RefusalArguments = [null as never, '42'];
    // @ts-expect-error nor the fields of one, written by hand
    const handMade: RefusalArguments = [null as never, fields];
    expect([bareId, handMade]).toHaveLength(2);
  });
});
