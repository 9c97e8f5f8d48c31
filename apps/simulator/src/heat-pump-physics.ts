import { DEMO_HEAT_PUMP_VALUES } from '@dcc/protocol';
import type { Random } from './random.ts';
import { isDaytime, outdoorTemperature, type Site } from './weather.ts';

/** Addresses of the demo heat pump's points (DEMO_HEAT_PUMP_POINTS). */
export const HP = {
  power: 1,
  mode: 2,
  setHot: 3,
  setHeat: 4,
  tIn: 10,
  tOut: 11,
  tTank: 12,
  tAmb: 13,
  tExh: 14,
  comp: 16,
  eev: 17,
  kwh: 19,
  maxSet: 21,
  fault1: 30,
  run: 40,
  swVer: 50,
} as const;

export const MODE = { heating: 0, cooling: 1, hotWater: 2, auto: 3 } as const;
const RUN_BIT = { compressor: 1, pump: 2, fan: 4, defrost: 8, heater: 16 } as const;
/** Fault bits that stop the compressor (E02 high pressure, E03 low pressure); the others are warnings. */
const STOPPING_FAULTS = 0b00110;
const FAULT_BITS = 5;
/** The compressor's share of its heat in the cold (an air-source pump): all of it from -5 °C up, 6 % less per K below, a tenth at least. */
const capacityAt = (outdoor: number) => (outdoor >= -5 ? 1 : Math.max(0.1, 1 - (-5 - outdoor) * 0.06));
/** The electric heater comes on when the compressor gains the tank less than this (K per hour). */
const HEATER_ASSIST_BELOW_K_PER_HOUR = 4;
/** What the electric heater adds to the tank (K per hour) and draws (kW). */
const HEATER_K_PER_HOUR = 12;
const HEATER_KW = 3;

/**
 * One air-to-water heat pump, in engineering units. `step` advances it by a span of time: water and
 * tank temperatures move toward the setpoint of the mode while the compressor runs and toward the
 * outdoor temperature otherwise; the compressor frequency follows the load, the energy counter only
 * rises, faults come and go, and the radio signal drifts.
 */
export class HeatPump {
  /** Writable settings and readings, by point address. */
  readonly values = new Map<number, number>();
  /** DTU radio signal, dBm. */
  rssi: number;
  mainboardLink = true;
  private running = false;
  /** The hot-water tank's electric heater (run bit 'heater'). */
  private heater = false;
  private faultClearsAtMs = 0;

  constructor(
    readonly site: Site,
    private readonly random: Random,
    nowMs: number,
    /** Fault bits that never clear (a unit waiting for repair). */
    private stuckFaults = 0,
    /** The radio signal held at this level (dBm); it drifts when not given. */
    private heldSignalDbm?: number,
  ) {
    for (const [address, value] of DEMO_HEAT_PUMP_VALUES) this.values.set(address, value);
    const outdoor = outdoorTemperature(site, nowMs);
    this.values.set(HP.tAmb, round1(outdoor));
    this.values.set(HP.tTank, round1(random.between(35, 50)));
    this.values.set(HP.tIn, round1(random.between(25, 35)));
    this.values.set(HP.tOut, round1(this.get(HP.tIn) + 3));
    this.values.set(HP.kwh, round2(random.between(100, 20000)));
    this.values.set(HP.fault1, stuckFaults);
    this.rssi = heldSignalDbm ?? Math.round(random.between(-85, -55));
    this.applyRun(0);
  }

  get(address: number): number {
    return this.values.get(address) ?? 0;
  }

  /** Advances the unit by `seconds` ending at `nowMs`. */
  step(seconds: number, nowMs: number): void {
    if (!(seconds > 0)) return;
    const r = this.random;
    const outdoor = outdoorTemperature(this.site, nowMs) + r.between(-0.3, 0.3);
    this.values.set(HP.tAmb, round1(outdoor));
    this.stepFaults(nowMs);
    const target = this.targetWater(outdoor);
    const water = this.controlledWater();
    const on = this.get(HP.power) === 1 && (this.get(HP.fault1) & STOPPING_FAULTS) === 0;
    // Hysteresis: start 3 K below the target (above it when cooling), stop when reached.
    const cooling = this.get(HP.mode) === MODE.cooling;
    const gap = cooling ? water - target : target - water;
    if (!on || gap <= 0) this.running = false;
    else if (gap >= 3) this.running = true;
    const load = this.running ? Math.min(1, Math.max(0.15, gap / 10)) : 0;
    const freq = this.running ? Math.round(30 + 60 * load + r.between(-2, 2)) : 0;
    this.values.set(HP.comp, freq);
    this.values.set(HP.eev, freq === 0 ? 0 : Math.round(120 + 3 * freq + r.between(-5, 5)));
    const exhaust =
      freq === 0
        ? this.get(HP.tExh) + (outdoor + 5 - this.get(HP.tExh)) * relax(seconds, 600)
        : outdoor + 35 + 0.6 * freq;
    // The exhaust sensor reads whole degrees from 0 (an unsigned point): a unit idle in frost reads 0.
    this.values.set(HP.tExh, Math.max(0, Math.round(exhaust)));

    // Heat flows: the compressor drives the controlled water toward the target (less of it in the cold), the tank's
    // electric heater helps when the compressor alone cannot keep up, losses pull it toward outdoors.
    const driveKPerHour = (cooling ? -1 : 1) * 16 * (freq / 90) * (cooling ? 1 : capacityAt(outdoor));
    const lossKPerHour = (water - outdoor) * 0.02;
    this.switchHeater(gap, driveKPerHour - lossKPerHour);
    const heaterKPerHour = this.heater ? HEATER_K_PER_HOUR : 0;
    let next = water + ((driveKPerHour + heaterKPerHour - lossKPerHour) * seconds) / 3600;
    if (
      this.get(HP.mode) !== MODE.heating &&
      this.get(HP.mode) !== MODE.cooling &&
      isDaytime(this.site, nowMs) &&
      r.chance(Math.min(1, seconds / (4 * 3600)))
    ) {
      next -= r.between(2, 6); // a shower (about one in four hours) drew hot water from the tank
    }
    this.setControlledWater(next);
    if (this.heater && this.controlledWater() >= target) this.heater = false; // the tank reached its setpoint
    const outlet = freq === 0 ? next : next + (cooling ? -1 : 1) * (2 + 4 * load);
    this.values.set(HP.tOut, round1(outlet));
    this.values.set(HP.tIn, round1(outlet - (cooling ? -1 : 1) * (freq === 0 ? 0 : 5 * load)));

    const kw = 0.02 + (freq / 90) * 3.2 + (this.heater ? HEATER_KW : 0);
    this.values.set(HP.kwh, round2(this.get(HP.kwh) + (kw * seconds) / 3600));
    this.applyRun(freq, outdoor);

    this.rssi = this.heldSignalDbm ?? Math.round(Math.min(-40, Math.max(-105, this.rssi + r.between(-3, 3))));
    this.mainboardLink = !r.chance(0.01);
  }

  /** From now on the radio signal stays at `dbm` (a unit moved beside its router, or into a basement). */
  holdSignal(dbm: number): void {
    this.heldSignalDbm = dbm;
    this.rssi = dbm;
  }

  /** From now on these fault bits stay up (e.g. a firmware that broke the unit), until repaired. */
  holdFaults(bits: number): void {
    this.stuckFaults = bits;
    this.values.set(HP.fault1, bits);
  }

  /**
   * The electric heater of a powered unit making hot water: on when the tank is 3 K or more below its setpoint
   * (`gap`) and the compressor gains it less than HEATER_ASSIST_BELOW_K_PER_HOUR (deep cold, or a fault stopped
   * the compressor); then on until the tank reaches the setpoint; off in any other mode or when switched off.
   */
  private switchHeater(gap: number, compressorGainKPerHour: number): void {
    const makingHotWater = this.get(HP.power) === 1 && this.get(HP.mode) === MODE.hotWater;
    if (!makingHotWater || gap <= 0) this.heater = false;
    else if (gap >= 3 && compressorGainKPerHour < HEATER_ASSIST_BELOW_K_PER_HOUR) this.heater = true;
  }

  /** The water temperature the current mode aims for: hot water at setHot, heating by setHeat and a weather curve. */
  private targetWater(outdoor: number): number {
    switch (this.get(HP.mode)) {
      case MODE.cooling:
        return 7;
      case MODE.heating:
        // Colder outside, warmer water: +0.3 K per K below 15 °C, capped at 55 °C.
        return Math.min(55, this.get(HP.setHeat) + Math.max(0, 15 - outdoor) * 0.3);
      default:
        return this.get(HP.setHot);
    }
  }

  private controlledWater(): number {
    const mode = this.get(HP.mode);
    return mode === MODE.heating || mode === MODE.cooling ? this.get(HP.tIn) : this.get(HP.tTank);
  }

  private setControlledWater(value: number): void {
    const mode = this.get(HP.mode);
    if (mode === MODE.heating || mode === MODE.cooling) this.values.set(HP.tIn, round1(value));
    else this.values.set(HP.tTank, round1(Math.min(85, Math.max(-20, value))));
  }

  /** Now and then one fault bit comes up, for a few minutes to a couple of hours. */
  private stepFaults(nowMs: number): void {
    const fault = this.get(HP.fault1) & ~this.stuckFaults;
    if (fault !== 0 && nowMs >= this.faultClearsAtMs) this.values.set(HP.fault1, this.stuckFaults);
    else if (fault === 0 && this.random.chance(0.004)) {
      this.values.set(HP.fault1, this.stuckFaults | (1 << Math.floor(this.random.between(0, FAULT_BITS))));
      this.faultClearsAtMs = nowMs + this.random.between(5, 120) * 60_000;
    }
  }

  private applyRun(freq: number, outdoor = this.get(HP.tAmb)): void {
    let run = 0;
    if (freq > 0) run |= RUN_BIT.compressor | RUN_BIT.fan;
    if (this.get(HP.power) === 1) run |= RUN_BIT.pump;
    if (freq > 0 && outdoor < 2 && this.random.chance(0.1)) run |= RUN_BIT.defrost;
    if (this.heater) run |= RUN_BIT.heater;
    this.values.set(HP.run, run);
  }
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;
/** Share of the way to equilibrium covered in `seconds` with time constant `tau`. */
const relax = (seconds: number, tau: number) => 1 - Math.exp(-seconds / tau);
