/**
 * The product's one time-zone rule: every time is shown, typed, exported and counted by day in the
 * platform's zone (a server setting, PLATFORM_TIME_ZONE), whatever the zone of the reader's browser.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Whether `zone` is an IANA time-zone name this runtime knows ('Asia/Shanghai', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  if (!zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

const QUARTER_HOUR_MS = 900_000;
/** Offsets by zone and quarter hour: zones change offset only on quarter hours, and an export asks for 100,000 rows. */
const offsets = new Map<string, number>();

/** The zone's offset from UTC in ms at an instant. */
export function zoneOffsetMs(zone: string, epochMs: number): number {
  const key = `${zone}|${Math.floor(epochMs / QUARTER_HOUR_MS)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(epochMs))) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  const offset = wall - (epochMs - (((epochMs % 1000) + 1000) % 1000));
  if (offsets.size > 10_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

const epochOf = (instant: Date | string | number): number =>
  instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);

/** An instant as the zone's wall-clock 'YYYY-MM-DD HH:mm:ss'. */
export function zonedDateTime(instant: Date | string | number, zone: string): string {
  const epochMs = epochOf(instant);
  return new Date(epochMs + zoneOffsetMs(zone, epochMs)).toISOString().slice(0, 19).replace('T', ' ');
}

/** An instant's day in the zone, 'YYYY-MM-DD'. */
export const zonedDay = (instant: Date | string | number, zone: string): string =>
  zonedDateTime(instant, zone).slice(0, 10);

/** The instant the zone's wall clock shows `wall` ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm:ss'); a wall time skipped by a clock change resolves after it. */
export function zonedInstant(wall: string, zone: string): Date {
  const asUtc = Date.parse(wall.length === 10 ? `${wall}T00:00:00Z` : `${wall}Z`);
  const first = asUtc - zoneOffsetMs(zone, asUtc);
  return new Date(asUtc - zoneOffsetMs(zone, first));
}
