import type { DeviceIdentity } from './identity.ts';
import { modelOf, type UnitOptions } from './model-of.ts';
import { seededRandom } from './random.ts';

/** One report of a unit as it would have come at `at`. */
export interface PastReport {
  at: Date;
  payload: Buffer;
}

/**
 * The reports a unit would have sent from `fromMs` to `toMs`, one every `stepMs` (the physics stepped
 * by that much between them), so a demo database can hold a history before its devices first connect.
 */
export function pastReports(
  identity: Pick<DeviceIdentity, 'code' | 'kind'>,
  span: { fromMs: number; toMs: number; stepMs: number; seed: string },
  unit: UnitOptions = {},
): PastReport[] {
  const { fromMs, toMs, stepMs, seed } = span;
  if (!(stepMs > 0)) throw new Error(`the step must be above 0, got ${stepMs}`);
  const model = modelOf(identity.code, identity.kind, seededRandom(`${seed}:${identity.code}`), fromMs, unit);
  const reports: PastReport[] = [];
  for (let at = fromMs + stepMs; at <= toMs; at += stepMs) {
    model.step(stepMs / 1000, at);
    for (const payload of model.reports()) reports.push({ at: new Date(at), payload });
  }
  return reports;
}
