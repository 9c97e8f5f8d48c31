/** The spec's fault report type, from the fault level of the point table (0-3). */
export type FaultType = 'heavy' | 'light' | 'statistics';

/** Level 3 stops the unit: heavy. Levels 1 and 2 are warnings the unit runs through: light. Level 0 is only counted: statistics. */
export function faultTypeOf(level: number): FaultType {
  if (level >= 3) return 'heavy';
  if (level >= 1) return 'light';
  return 'statistics';
}
