import { describe, expect, it } from 'vitest';
import { deviceMayPublish, deviceMaySubscribe, deviceTopic, isDeviceCode, parseDeviceTopic } from './topics.ts';

describe('device topics', () => {
  it('accepts topic-safe IoT codes only', () => {
    expect(['HP2024000001', 'dtu_01-a', 'abcd'].every(isDeviceCode)).toBe(true);
    expect(['abc', 'a/b/c/d', 'dev+1', 'dev#1', 'x'.repeat(65), 'ab cd', '设备0001'].some(isDeviceCode)).toBe(false);
  });

  it('parses concrete device topics and nothing else', () => {
    expect(parseDeviceTopic('dev/HP0001/up')).toEqual({ deviceCode: 'HP0001', channel: 'up' });
    expect(parseDeviceTopic(deviceTopic('HP0001', 'status'))).toEqual({ deviceCode: 'HP0001', channel: 'status' });
    for (const topic of [
      'dev/HP0001',
      'dev/HP0001/up/x',
      'devs/HP0001/up',
      'dev/HP0001/other',
      'dev/+/up',
      '/dev/HP0001/up',
    ]) {
      expect(parseDeviceTopic(topic)).toBeNull();
    }
  });

  it('lets a device publish only on its own up and status topics', () => {
    expect(deviceMayPublish('HP0001', 'dev/HP0001/up')).toBe(true);
    expect(deviceMayPublish('HP0001', 'dev/HP0001/status')).toBe(true);
    expect(deviceMayPublish('HP0001', 'dev/HP0001/down')).toBe(false);
    expect(deviceMayPublish('HP0001', 'dev/HP0002/up')).toBe(false);
    expect(deviceMayPublish('HP0001', 'dev/+/up')).toBe(false);
    expect(deviceMayPublish('HP0001', '$share/ingest/dev/HP0001/up')).toBe(false);
  });

  it('lets a device subscribe only to its own down topic, never a wildcard', () => {
    expect(deviceMaySubscribe('HP0001', 'dev/HP0001/down')).toBe(true);
    for (const filter of [
      '#',
      'dev/#',
      'dev/+/down',
      'dev/HP0001/#',
      'dev/HP0001/+',
      'dev/HP0002/down',
      'dev/HP0001/up',
    ]) {
      expect(deviceMaySubscribe('HP0001', filter)).toBe(false);
    }
  });
});
