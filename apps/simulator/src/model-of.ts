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

/** The simulated unit of a product kind, its site and physics drawn from `random`. */
export function modelOf(
  code: string,
  kind: ProductKind,
  random: Random,
  nowMs: number,
  options: { failActivation?: boolean } = {},
): DeviceModel {
  const site = siteOf(random);
  return kind === 'heatPump'
    ? new HeatPumpModel(code, new HeatPump(site, random, nowMs), { failActivation: options.failActivation })
    : new WaterHeaterModel(new WaterHeater(site, random));
}
