import type { AlinkValue } from '@dcc/protocol';
import type { Random } from './random.ts';
import { isDaytime, outdoorTemperature, type Site } from './weather.ts';

/** Writable properties of the demo water heater's thing model (catalog-demo.ts) and their ranges. */
const WRITABLE: Readonly<Record<string, { min: number; max: number; step: number }>> = {
  PowerSwitch: { min: 0, max: 1, step: 1 },
  TargetTemperature: { min: 35, max: 75, step: 1 },
  WorkMode: { min: 0, max: 2, step: 1 },
};
const FAULT_CODES = ['E1', 'E2', 'E5'];

/**
 * A heat-pump water heater (thing-model product 智能热水器 X1): the tank warms toward the
 * target while powered, faster in Boost, and cools and is drawn from otherwise.
 */
export class WaterHeater {
  readonly properties: Record<string, number> = {
    PowerSwitch: 1,
    TargetTemperature: 55,
    TankTemperature: 45,
    WorkMode: 1,
  };
  rssi: number;
  /** A fault raised by the last step, to be posted as a FaultReport event. */
  pendingFault: string | null = null;

  constructor(
    readonly site: Site,
    private readonly random: Random,
  ) {
    this.properties.TankTemperature = round1(random.between(30, 50));
    this.rssi = Math.round(random.between(-85, -55));
  }

  step(seconds: number, nowMs: number): void {
    if (!(seconds > 0)) return;
    const r = this.random;
    const p = this.properties;
    const outdoor = outdoorTemperature(this.site, nowMs);
    const heating = p.PowerSwitch === 1 && p.TankTemperature! < p.TargetTemperature!;
    const rate = [8, 12, 18][p.WorkMode!] ?? 12; // K per hour: Eco, Standard, Boost
    let tank = p.TankTemperature! + ((heating ? rate : 0) - (p.TankTemperature! - outdoor) * 0.02) * (seconds / 3600);
    if (isDaytime(this.site, nowMs) && r.chance(Math.min(1, seconds / (4 * 3600)))) tank -= r.between(2, 6); // a shower
    p.TankTemperature = round1(Math.min(p.TargetTemperature! + 1, Math.max(-20, tank)));
    this.rssi = Math.round(Math.min(-40, Math.max(-105, this.rssi + r.between(-3, 3))));
    this.pendingFault = r.chance(0.003) ? FAULT_CODES[Math.floor(r.between(0, FAULT_CODES.length))]! : null;
  }

  /**
   * Applies a property.set: every identifier must be a writable property and every value a number in
   * its range and on its step, or nothing is applied. Answers the refused identifier, or null.
   */
  set(params: Readonly<Record<string, AlinkValue>>): string | null {
    for (const [key, value] of Object.entries(params)) {
      const rule = WRITABLE[key];
      const number = typeof value === 'boolean' ? Number(value) : value;
      if (
        !rule ||
        typeof number !== 'number' ||
        number < rule.min ||
        number > rule.max ||
        !Number.isInteger((number - rule.min) / rule.step)
      )
        return key;
    }
    for (const [key, value] of Object.entries(params)) this.properties[key] = Number(value);
    return null;
  }
}

const round1 = (v: number) => Math.round(v * 10) / 10;
