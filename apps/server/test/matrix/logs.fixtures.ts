import {
  getLogExport,
  getLogRetention,
  updateLogRetention,
  listApiLog,
  listCommunicationLog,
  listOperationLog,
  queryCommunicationLog,
  startApiLogExport,
  startCommunicationLogExport,
  startCommunicationQueryExport,
  startOperationLogExport,
  startAccountLogExport,
  listModuleLinkLog,
  listReportModeLog,
  startModuleLinkLogExport,
  startReportModeLogExport,
} from '@dcc/contract';
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
  { call: startApiLogExport, reason: 'exports the calls made for the subtree only (log-export.int.test.ts)' },
  {
    call: startCommunicationLogExport,
    reason: "a foreign device's IoT code exports nothing: an empty file (log-export.int.test.ts)",
  },
  { call: startCommunicationQueryExport, reason: 'exports the packets of the subtree only (log-export.int.test.ts)' },
  {
    call: getLogExport,
    reason: "a job id is its caller's download key: another user's answers as missing (log-export.int.test.ts)",
  },
  { call: getLogRetention, reason: 'platform-wide settings (platform-only button): no record of a company' },
  { call: updateLogRetention, reason: 'platform-wide settings by log kind (platform-only button): no record id' },
  {
    call: startOperationLogExport,
    reason: "a foreign device's IoT code exports nothing: an empty file (log-export.int.test.ts)",
  },
  { call: startAccountLogExport, reason: 'exports the entries of the subtree only (log-export.int.test.ts)' },
  {
    call: listModuleLinkLog,
    reason: "a foreign device's IoT code finds nothing: an empty page (dtu-logs.int.test.ts)",
  },
  {
    call: listReportModeLog,
    reason: "a foreign device's IoT code finds nothing: an empty page (dtu-logs.int.test.ts)",
  },
  {
    call: startModuleLinkLogExport,
    reason: "a foreign device's IoT code exports nothing: an empty file (dtu-logs.int.test.ts)",
  },
  {
    call: startReportModeLogExport,
    reason: "a foreign device's IoT code exports nothing: an empty file (dtu-logs.int.test.ts)",
  },
];
