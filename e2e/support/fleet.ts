import { expect } from 'vitest';
import { listDevices, type CallResponse, type Device } from '@dcc/contract';
import type { Page } from 'playwright-core';
import { callAsPage } from './console.ts';
import { POLL } from './waits.ts';

/** A heat pump of the demo fleet that is connected and has reported: its history comes through the real broker and ingest. */
export async function reportingHeatPump(page: Page): Promise<Device> {
  let found: Device | undefined;
  await expect
    .poll(async () => {
      const answer = await callAsPage<CallResponse<typeof listDevices>>(page, listDevices.path, {
        keyword: 'HP2406A',
        sortField: 'lastOnlineTime',
        sortOrder: 'descend',
        pageSize: 20,
      });
      // The one connected longest: a demo unit that drops and comes back (the demo shows such states) would change
      // its last-online time while a test compares it.
      const connected = (answer.objectResult?.list ?? []).filter(
        (candidate) => candidate.connected && candidate.lastOnlineTime !== null,
      );
      found = connected.sort((a, b) => Date.parse(a.lastOnlineTime!) - Date.parse(b.lastOnlineTime!))[0];
      return found !== undefined;
    }, POLL)
    .toBe(true);
  return found!;
}
