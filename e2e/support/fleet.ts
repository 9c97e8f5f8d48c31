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
      found = answer.objectResult?.list.find((candidate) => candidate.connected && candidate.lastOnlineTime !== null);
      return found !== undefined;
    }, POLL)
    .toBe(true);
  return found!;
}
