import { describe, expect, it } from 'vitest';
import {
  compareFirmwareVersions,
  OTA_DEVICE_STATUS,
  otaDeviceStatusOf,
  paramStatusOf,
  rolloutStateOfReport,
  upgradeStatusOf,
} from './ota-states.ts';

describe('firmware versions', () => {
  it('orders by numbers, not text, with missing parts as 0', () => {
    expect(compareFirmwareVersions('2.10', '2.9')).toBe(1);
    expect(compareFirmwareVersions('2.0', '2')).toBe(0);
    expect(compareFirmwareVersions('1.9.9', '2.0')).toBe(-1);
  });
  it('puts a version not of the pattern (never reported) before every real one', () => {
    expect(compareFirmwareVersions('', '0.0.1')).toBe(-1);
    expect(compareFirmwareVersions('1.0', 'v1')).toBe(1);
    expect(compareFirmwareVersions('', 'x')).toBe(0);
  });
});

describe('device reports and the spec statuses', () => {
  it('names every status byte and no other', () => {
    for (const [name, byte] of Object.entries(OTA_DEVICE_STATUS)) expect(otaDeviceStatusOf(byte)).toBe(name);
    expect(otaDeviceStatusOf(0x7f)).toBeUndefined();
  });
  it('moves a device to the state its report says', () => {
    expect(rolloutStateOfReport('downloading')).toBe('downloading');
    expect(rolloutStateOfReport('downloaded')).toBe('verifying');
    expect(rolloutStateOfReport('succeeded')).toBe('succeeded');
    expect(rolloutStateOfReport('rejected')).toBe('rejected');
    expect(rolloutStateOfReport('checkFailure')).toBe('failed');
  });
  it('gives the upgrade status of spec section 4', () => {
    expect(upgradeStatusOf('downloading', null)).toBe('upgrading');
    expect(upgradeStatusOf('succeeded', null)).toBe('finished');
    expect(upgradeStatusOf('failed', 'downloadFailed')).toBe('downloadFailed');
    expect(upgradeStatusOf('failed', 'checkFailure')).toBe('failed');
    expect(upgradeStatusOf('cancelled', null)).toBe('cancelled');
  });
  it('gives the parameter status of spec section 4', () => {
    expect(paramStatusOf('queued', null, 'none')).toBe('notUploaded');
    expect(paramStatusOf('notified', null, 'notified')).toBe('uploaded');
    expect(paramStatusOf('downloading', null, 'notified')).toBe('downloading');
    expect(paramStatusOf('verifying', null, 'downloaded')).toBe('downloadSucceeded');
    expect(paramStatusOf('failed', 'checkFailure', 'downloaded')).toBe('checkFailure');
    expect(paramStatusOf('failed', 'protocolError', 'notified')).toBe('protocolError');
    expect(paramStatusOf('failed', 'downloadTimeout', 'notified')).toBe('downloadTimeout');
    expect(paramStatusOf('timedOut', null, 'notified')).toBe('downloadTimeout');
    expect(paramStatusOf('failed', 'downloadFailed', 'notified')).toBe('downloadFailed');
  });
});
