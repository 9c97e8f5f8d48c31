import { describe, expect, it } from 'vitest';
import { warrantyYears } from './warranty.ts';

describe('warrantyYears', () => {
  it('reads 1.5 years from an activation that skipped the audit (18 months)', () => {
    expect(warrantyYears('2026-01-10T08:00:00Z', '2027-07-10T08:00:00Z')).toBe(1.5);
    expect(warrantyYears('2026-01-10T08:00:00Z', '2029-01-10T08:00:00Z')).toBe(3);
  });
  it('is unknown before activation', () => {
    expect(warrantyYears(null, null)).toBeNull();
    expect(warrantyYears('2026-01-10T08:00:00Z', null)).toBeNull();
  });
});
