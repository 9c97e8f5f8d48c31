import { z } from 'zod';

/**
 * Fault levels of a point table's fault definitions (0-3), which a role may be limited to viewing.
 * The database's default of roles.fault_levels is all of them (migration 001; db/vocabulary-checks.int.test.ts).
 */
export const FAULT_LEVELS = [0, 1, 2, 3] as const;
export type FaultLevel = (typeof FAULT_LEVELS)[number];
export const MIN_FAULT_LEVEL = FAULT_LEVELS[0];
export const MAX_FAULT_LEVEL = FAULT_LEVELS[FAULT_LEVELS.length - 1]!;
export const isFaultLevel = (level: number): level is FaultLevel => (FAULT_LEVELS as readonly number[]).includes(level);

/** The spec's fault report types; the database's check on device_faults.fault_type lists the same (migration 020). */
export const FAULT_TYPES = ['heavy', 'light', 'statistics'] as const;
export type FaultType = (typeof FAULT_TYPES)[number];
export const faultTypeSchema = z.enum(FAULT_TYPES);

/** Level 3 stops the unit: heavy. Levels 1 and 2 are warnings the unit runs through: light. Level 0 is only counted: statistics. */
export function faultTypeOf(level: number): FaultType {
  if (level >= 3) return 'heavy';
  if (level >= 1) return 'light';
  return 'statistics';
}
