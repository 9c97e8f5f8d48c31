const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** A byte count in the largest unit that keeps it at 1 or more (1024 steps), one decimal above bytes. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
