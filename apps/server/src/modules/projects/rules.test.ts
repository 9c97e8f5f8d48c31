import { ErrorCode, translate } from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import {
  assertContentEditable,
  assertDevicesChangeable,
  assertTransition,
  joiningDevices,
  leavingDevices,
  type ProjectDevice,
} from './rules.ts';

const device = (code: string, options: Partial<ProjectDevice> = {}): ProjectDevice => ({
  id: code,
  code,
  projectId: null,
  controller: false,
  sensor: false,
  ...options,
});
const refusal = (work: () => unknown): { code: number; en: string } => {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, en: translate('en-US', error.messageKey, error.params) };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('project rules', () => {
  it('admits one centralized controller per project, counting those joining together', () => {
    const [c1, c2] = [device('C1', { controller: true }), device('C2', { controller: true })];
    expect(refusal(() => joiningDevices('1', [], [c1, c2])).code).toBe(ErrorCode.PROJECT_SECOND_CONTROLLER);
    expect(refusal(() => joiningDevices('1', [{ ...c1, projectId: '1' }], [c2])).code).toBe(
      ErrorCode.PROJECT_SECOND_CONTROLLER,
    );
    expect(joiningDevices('1', [], [c1])).toEqual([c1]);
  });

  it('admits a sensor only with a controller in the project or joining with it', () => {
    const sensor = device('S1', { sensor: true });
    expect(refusal(() => joiningDevices('1', [], [sensor])).en).toBe(
      'Add a centralized controller to the project before the temperature/humidity sensor S1',
    );
    expect(joiningDevices('1', [], [sensor, device('C1', { controller: true })])).toHaveLength(2);
    expect(joiningDevices('1', [device('C1', { controller: true, projectId: '1' })], [sensor])).toEqual([sensor]);
  });

  it('refuses devices of another project by code, and skips those already in this one', () => {
    expect(refusal(() => joiningDevices('1', [], [device('D1', { projectId: '2' }), device('D2')])).en).toBe(
      'Device D1 is already bound to another project',
    );
    expect(joiningDevices('1', [], [device('D1', { projectId: '1' })])).toEqual([]);
  });

  it('lets the controller leave with or after its sensors, and only members leave', () => {
    const controller = device('C1', { controller: true, projectId: '1' });
    const sensor = device('S1', { sensor: true, projectId: '1' });
    expect(refusal(() => leavingDevices('1', [controller, sensor], [controller])).code).toBe(
      ErrorCode.PROJECT_CONTROLLER_HAS_SENSORS,
    );
    expect(() => leavingDevices('1', [controller, sensor], [controller, sensor])).not.toThrow();
    expect(refusal(() => leavingDevices('1', [], [device('D9')])).code).toBe(ErrorCode.PROJECT_DEVICE_NOT_IN_PROJECT);
  });

  it('follows the audit machine: 0 -> 1, 1 -> 2 or 3, 3 -> 1; nothing leaves 2', () => {
    for (const [from, to] of [
      [0, 1],
      [1, 2],
      [1, 3],
      [3, 1],
    ])
      expect(() => assertTransition(from!, to!, 'en-US')).not.toThrow();
    for (const [from, to] of [
      [0, 2],
      [0, 3],
      [2, 1],
      [2, 3],
      [3, 2],
      [1, 1],
    ])
      expect(refusal(() => assertTransition(from!, to!, 'en-US')).code).toBe(ErrorCode.PROJECT_AUDIT_TRANSITION);
  });

  it('freezes content while pending or passed, and devices only while pending', () => {
    expect(refusal(() => assertContentEditable(2, 'en-US')).en).toBe(
      'The project cannot be changed while its audit state is Pass',
    );
    expect(() => assertContentEditable(3, 'en-US')).not.toThrow();
    expect(() => assertDevicesChangeable(2, 'en-US')).not.toThrow();
    expect(refusal(() => assertDevicesChangeable(1, 'en-US')).code).toBe(ErrorCode.PROJECT_AUDIT_LOCKED);
  });
});
