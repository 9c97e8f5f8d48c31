import { PLATFORM_STATUS_PATH, PlatformState, platformStatusFile, type PlatformStatusEntry } from '@dcc/contract';
import { fetchWithTimeout, languageQuery } from './client.ts';

/** The active platform status entry (state A), or null when there is none. */
export async function fetchPlatformStatus(): Promise<PlatformStatusEntry | null> {
  const response = await fetchWithTimeout(`${PLATFORM_STATUS_PATH}?t=${Date.now()}&${languageQuery()}`, {
    method: 'GET',
  });
  if (!response.ok) return null;
  const parsed = platformStatusFile.safeParse(await response.json());
  if (!parsed.success) {
    console.error('Platform status file does not match the contract', parsed.error);
    return null;
  }
  return parsed.data.find((entry) => entry.state === PlatformState.ACTIVE) ?? null;
}
