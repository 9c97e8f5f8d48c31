import type { DeviceModel } from './device-model.ts';
import { HeatPumpModel } from './heat-pump-model.ts';
import { HeatPump } from './heat-pump-physics.ts';
import type { ProductKind } from './identity.ts';
import type { Random } from './random.ts';
import { WaterHeaterModel } from './water-heater-model.ts';
import { WaterHeater } from './water-heater-physics.ts';
import type { Site } from './weather.ts';

function siteOf(random: Random): Site {
  return { meanC: Math.round(random.between(-5, 20)), swingC: Math.round(random.between(3, 7)), utcOffsetHours: 8 };
}

/** How a simulated unit differs from a healthy one: its DTU refuses activation or is locked; faults that stay. */
export interface UnitOptions {
  failActivation?: boolean | undefined;
  locked?: boolean | undefined;
  /** Fault bits a heat pump keeps reporting. */
  stuckFaults?: number | undefined;
  /** The DTU's radio signal held at this level, dBm. */
  signalDbm?: number | undefined;
}

/** The simulated unit of a product kind, its site and physics drawn from `random`. */
export function modelOf(
  code: string,
  kind: ProductKind,
  random: Random,
  nowMs: number,
  options: UnitOptions = {},
): DeviceModel {
  const site = siteOf(random);
  return kind === 'heatPump'
    ? new HeatPumpModel(code, new HeatPump(site, random, nowMs, options.stuckFaults, options.signalDbm), options)
    : new WaterHeaterModel(new WaterHeater(site, random));
}
