/** Keys (device and reason) remembered at most; past it the memory starts over, so random client ids cannot grow it. */
const MAX_KEYS = 10_000;
const EVERY_MS = 60_000;

export interface RefusalLog {
  /** One refusal or drop of `deviceCode` for `reason`; `detail` says more (an error's message: never its stack). */
  note(deviceCode: string, reason: string, detail?: string): void;
}

/**
 * The one logger of every refusal and drop on the device side (embedded broker, external link): a
 * line per device and reason at most once a minute, saying how many happened since the previous line
 * of that pair (`count`, this one included) and no stack trace: these refusals are expected, and under
 * load or attack there are thousands a second.
 */
export function refusalLog(
  log: { warn(obj: object, msg: string): void } | undefined,
  now: () => number = Date.now,
): RefusalLog {
  const seen = new Map<string, { at: number; count: number }>();
  return {
    note(deviceCode, reason, detail) {
      if (!log) return;
      const key = `${deviceCode}\n${reason}`;
      const last = seen.get(key);
      if (last && now() - last.at < EVERY_MS) {
        last.count += 1;
        return;
      }
      if (seen.size >= MAX_KEYS) seen.clear();
      seen.set(key, { at: now(), count: 0 });
      log.warn(
        { deviceCode, reason, count: (last?.count ?? 0) + 1, ...(detail === undefined ? {} : { detail }) },
        'device connection refused or message dropped',
      );
    },
  };
}

/** An error's message for a log line, without its stack. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
