import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('SIM_DEVICES', () => {
  it('runs the 200 demo devices by default only under npm start on its PGlite folder', () => {
    expect(loadConfig({}).simulator).toEqual({ devices: 200, connectRatePerSecond: 20, reportSeconds: 30 });
    expect(loadConfig({ DATA_DIR: 'memory://' }).simulator.devices).toBe(0);
    expect(loadConfig({ SEED_DEMO: 'false' }).simulator.devices).toBe(0);
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://db/x',
        SMS_ALLOW_LOG_SENDER: 'true',
        SEED_DEMO: 'true',
        DEVICE_SECRET_KEY: '5e'.repeat(32),
      }).simulator.devices,
    ).toBe(0);
  });

  it('SIM_DEVICES=0 turns it off; other values within the demo fleet', () => {
    expect(loadConfig({ SIM_DEVICES: '0' }).simulator.devices).toBe(0);
    expect(
      loadConfig({ DATA_DIR: 'memory://', SIM_DEVICES: '12', SIM_CONNECT_RATE: '5', SIM_REPORT_SECONDS: '10' })
        .simulator,
    ).toEqual({ devices: 12, connectRatePerSecond: 5, reportSeconds: 10 });
    expect(() => loadConfig({ SIM_DEVICES: '201' })).toThrow(/SIM_DEVICES/);
    expect(() => loadConfig({ SIM_DEVICES: 'many' })).toThrow(/SIM_DEVICES/);
    expect(() => loadConfig({ SIM_CONNECT_RATE: '0' })).toThrow(/SIM_CONNECT_RATE/);
  });
});
