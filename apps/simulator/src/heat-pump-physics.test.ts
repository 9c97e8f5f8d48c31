import { describe, expect, it } from 'vitest';
import { HeatPump, HP, MODE } from './heat-pump-physics.ts';
import { seededRandom } from './random.ts';
import { outdoorTemperature, type Site } from './weather.ts';

const SITE: Site = { meanC: 5, swingC: 5, utcOffsetHours: 8 };
const START = Date.UTC(2026, 0, 15, 0, 0, 0);
const MINUTE = 60_000;

/** Runs a unit for `minutes`, one step a minute, and answers the values seen at each step. */
function run(pump: HeatPump, minutes: number, from = START) {
  const seen: Array<Map<number, number>> = [];
  for (let i = 1; i <= minutes; i++) {
    pump.step(60, from + i * MINUTE);
    seen.push(new Map(pump.values));
  }
  return seen;
}

describe('heat pump physics', () => {
  it('the energy counter never decreases, over two simulated days', () => {
    const pump = new HeatPump(SITE, seededRandom('energy'), START);
    let last = pump.get(HP.kwh);
    const seen = run(pump, 2 * 24 * 60);
    for (const values of seen) {
      expect(values.get(HP.kwh)!).toBeGreaterThanOrEqual(last);
      last = values.get(HP.kwh)!;
    }
    expect(last).toBeGreaterThan(seen[0]!.get(HP.kwh)!);
  });

  it('a held signal stays where it was put while a free one drifts', () => {
    const held = new HeatPump(SITE, seededRandom('signal'), START, 0, -60);
    const free = new HeatPump(SITE, seededRandom('signal'), START);
    const freeSeen = new Set<number>();
    for (let i = 1; i <= 120; i++) {
      held.step(60, START + i * MINUTE);
      free.step(60, START + i * MINUTE);
      expect(held.rssi).toBe(-60);
      freeSeen.add(free.rssi);
    }
    expect(freeSeen.size).toBeGreaterThan(1);
  });

  it('temperatures, frequency and signal stay plausible', () => {
    const pump = new HeatPump(SITE, seededRandom('plausible'), START);
    for (const values of run(pump, 24 * 60)) {
      for (const a of [HP.tIn, HP.tOut, HP.tTank]) {
        expect(values.get(a)!).toBeGreaterThan(-20);
        expect(values.get(a)!).toBeLessThan(85);
      }
      expect(values.get(HP.tAmb)!).toBeGreaterThan(SITE.meanC - SITE.swingC - 1);
      expect(values.get(HP.tAmb)!).toBeLessThan(SITE.meanC + SITE.swingC + 1);
      const comp = values.get(HP.comp)!;
      expect(comp === 0 || (comp >= 28 && comp <= 92)).toBe(true);
      expect((values.get(HP.run)! & 1) === 1).toBe(comp > 0);
    }
    expect(pump.rssi).toBeGreaterThanOrEqual(-105);
    expect(pump.rssi).toBeLessThanOrEqual(-40);
  });

  it('heats the tank toward the hot-water setpoint, with the compressor following the load', () => {
    const pump = new HeatPump(SITE, seededRandom('heat-up'), START);
    pump.values.set(HP.mode, MODE.hotWater);
    pump.values.set(HP.setHot, 55);
    pump.values.set(HP.tTank, 30);
    pump.step(60, START + MINUTE);
    const coldFreq = pump.get(HP.comp);
    expect(coldFreq).toBeGreaterThan(70); // a cold tank: high load
    run(pump, 6 * 60, START + MINUTE);
    expect(pump.get(HP.tTank)).toBeGreaterThan(45);
    expect(pump.get(HP.tTank)).toBeLessThanOrEqual(56);
  });

  it('a unit switched off lets the compressor stop and the tank cool toward outdoors', () => {
    const pump = new HeatPump(SITE, seededRandom('off'), START);
    pump.values.set(HP.power, 0);
    pump.values.set(HP.tTank, 50);
    run(pump, 12 * 60);
    expect(pump.get(HP.comp)).toBe(0);
    expect(pump.get(HP.tTank)).toBeLessThan(50);
    expect(pump.get(HP.run) & 0b111).toBe(0);
  });

  it('raises fault bits of the fault point now and then and clears them again', () => {
    const pump = new HeatPump(SITE, seededRandom('faults'), START);
    const faults = run(pump, 7 * 24 * 60).map((v) => v.get(HP.fault1)!);
    expect(faults.some((f) => f !== 0)).toBe(true);
    expect(faults.every((f) => f === 0 || [1, 2, 4, 8, 16].includes(f))).toBe(true);
    expect(faults.filter((f) => f === 0).length).toBeGreaterThan(faults.length / 2);
  });

  it('runs the electric heater only while the tank is below its setpoint and the compressor cannot keep up', () => {
    const HEATER = 16;
    const heaterOn = (values: Map<number, number>) => (values.get(HP.run)! & HEATER) !== 0;
    // Deep cold (about -22 °C): the compressor alone cannot heat a cold tank, the heater helps until the setpoint.
    const arctic = new HeatPump({ meanC: -22, swingC: 1, utcOffsetHours: 8 }, seededRandom('arctic'), START);
    arctic.values.set(HP.mode, MODE.hotWater);
    arctic.values.set(HP.setHot, 50);
    arctic.values.set(HP.tTank, 30);
    const seen = run(arctic, 6 * 60);
    expect(heaterOn(seen[0]!)).toBe(true);
    const reached = seen.findIndex((values) => values.get(HP.tTank)! >= 50);
    expect(reached).toBeGreaterThan(0);
    expect(seen.slice(0, reached).every(heaterOn)).toBe(true);
    // Off once the tank reached its setpoint, and off while it stays within 3 K of it.
    expect(heaterOn(seen[reached]!)).toBe(false);
    const after = seen.slice(reached).filter((values) => 50 - values.get(HP.tTank)! < 3);
    expect(after.length).toBeGreaterThan(0);
    expect(after.some(heaterOn)).toBe(false);

    // Cold (about -12 °C) but the compressor keeps up: a tank at its setpoint never needs the heater.
    const cold = new HeatPump({ meanC: -12, swingC: 1, utcOffsetHours: 8 }, seededRandom('cold'), START);
    cold.values.set(HP.mode, MODE.hotWater);
    cold.values.set(HP.setHot, 45);
    cold.values.set(HP.tTank, 45);
    expect(run(cold, 60).some(heaterOn)).toBe(false);

    // Heating the house, or switched off, in deep cold: no heater.
    const heating = new HeatPump({ meanC: -22, swingC: 1, utcOffsetHours: 8 }, seededRandom('heating'), START);
    heating.values.set(HP.mode, MODE.heating);
    expect(run(heating, 60).some(heaterOn)).toBe(false);
    arctic.values.set(HP.power, 0);
    expect(run(arctic, 10, START + 6 * 60 * MINUTE).some(heaterOn)).toBe(false);
  });

  it('is deterministic: the same seed gives the same readings, another seed others', () => {
    const a = run(new HeatPump(SITE, seededRandom('same'), START), 300);
    const b = run(new HeatPump(SITE, seededRandom('same'), START), 300);
    const c = run(new HeatPump(SITE, seededRandom('other'), START), 300);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('follows the weather curve: colder at night than in the afternoon', () => {
    const night = outdoorTemperature(SITE, Date.UTC(2026, 0, 15, 19, 0)); // 03:00 at UTC+8
    const afternoon = outdoorTemperature(SITE, Date.UTC(2026, 0, 15, 7, 0)); // 15:00 at UTC+8
    expect(night).toBeCloseTo(SITE.meanC - SITE.swingC);
    expect(afternoon).toBeCloseTo(SITE.meanC + SITE.swingC);
  });
});
