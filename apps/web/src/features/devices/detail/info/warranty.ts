const YEAR_MS = 365.25 * 86_400_000;

/** The warranty in years (one decimal: 1.5 when the audit was skipped) from activation to its end; null before activation. */
export function warrantyYears(activateTime: string | null, warrantyUntil: string | null): number | null {
  if (!activateTime || !warrantyUntil) return null;
  return Math.round(((Date.parse(warrantyUntil) - Date.parse(activateTime)) / YEAR_MS) * 10) / 10;
}
