import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.ts';
import { WaterHeater } from './water-heater-physics.ts';

const SITE = { meanC: 10, swingC: 5, utcOffsetHours: 8 };
const START = Date.UTC(2026, 0, 15);

describe('water heater physics', () => {
  it('heats toward the target while on and never past it by more than a degree', () => {
    const heater = new WaterHeater(SITE, seededRandom('wh'));
    heater.properties.TankTemperature = 20;
    for (let i = 1; i <= 12 * 60; i++) {
      heater.step(60, START + i * 60_000);
      expect(heater.properties.TankTemperature!).toBeLessThanOrEqual(heater.properties.TargetTemperature! + 1);
    }
    expect(heater.properties.TankTemperature!).toBeGreaterThan(45);
  });

  it('is deterministic for a seed', () => {
    const run = (seed: string) => {
      const h = new WaterHeater(SITE, seededRandom(seed));
      for (let i = 1; i <= 600; i++) h.step(60, START + i * 60_000);
      return { ...h.properties, rssi: h.rssi };
    };
    expect(run('a')).toEqual(run('a'));
    expect(run('a')).not.toEqual(run('b'));
  });

  it('property.set applies valid values and refuses unknown, read-only, out-of-range or off-step ones whole', () => {
    const heater = new WaterHeater(SITE, seededRandom('set'));
    expect(heater.set({ TargetTemperature: 60, WorkMode: 2 })).toBeNull();
    expect([heater.properties.TargetTemperature, heater.properties.WorkMode]).toEqual([60, 2]);
    expect(heater.set({ PowerSwitch: false })).toBeNull();
    expect(heater.properties.PowerSwitch).toBe(0);
    expect(heater.set({ WorkMode: 0, TankTemperature: 80 })).toBe('TankTemperature');
    expect(heater.set({ TargetTemperature: 76 })).toBe('TargetTemperature');
    expect(heater.set({ TargetTemperature: 50.5 })).toBe('TargetTemperature');
    expect(heater.set({ Colour: 1 })).toBe('Colour');
    expect(heater.set({ TargetTemperature: '50' })).toBe('TargetTemperature');
    expect(heater.properties.WorkMode).toBe(2);
  });
});
