import { listApiLog, listCommunicationLog, listOperationLog, queryCommunicationLog } from '@dcc/contract';
import type { FixtureModule } from './registry.ts';

/** Log management (issue 22): searches by range and IoT code, never by a record id. */
export const isolationFixtures: FixtureModule['isolationFixtures'] = [];

export const callsWithoutForeignId: FixtureModule['callsWithoutForeignId'] = [
  { call: listApiLog, reason: 'lists the calls made for the subtree only (tested in the API log tests)' },
  {
    call: listCommunicationLog,
    reason: "a foreign device's IoT code finds nothing: an empty page (tested in the device log tests)",
  },
  { call: queryCommunicationLog, reason: 'lists the packets of the subtree only (tested in the device log tests)' },
  {
    call: listOperationLog,
    reason: "a foreign device's IoT code finds nothing: an empty page (tested in the device log tests)",
  },
];
