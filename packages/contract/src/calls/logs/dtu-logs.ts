import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { listAnswer } from '../people/common.ts';
import { COMMUNICATION_LOG_MAX_DAYS } from './device-logs.ts';
import { logDeviceCodeField, logTimeField, rangedSearch } from './fields.ts';

/**
 * The module communication log and the mode log (issue 22, spec section 2 "Logs"): what a DTU reports
 * about itself (docs/device-protocol.md section 20), searched like the communication log by IoT code and
 * time range (both required), for a device of the subtree. The spec names no route for them: they are
 * tabs of the communication log page (B176).
 */

/** The DTU-mainboard link a heartbeat reports. */
export const MODULE_LINK_STATES = ['up', 'down'] as const;
/** How a unit's messages reach the cloud: its own topic, or a gateway's bus interface. */
export const REPORT_MODES = ['topic', 'interface'] as const;
export type ReportMode = (typeof REPORT_MODES)[number];

/**
 * Present on the last change before the searched range, listed after the range's own changes: the state the
 * range began in (a device that changed nothing for days still shows its link and mode in a search of today).
 */
const beforeRange = z.literal(true).optional();

export const moduleLinkEntry = z.object({
  deviceCode: z.string(),
  time: z.string(),
  link: z.enum(MODULE_LINK_STATES),
  beforeRange,
});
export type ModuleLinkEntry = z.infer<typeof moduleLinkEntry>;

export const reportModeEntry = z.object({
  deviceCode: z.string(),
  time: z.string(),
  mode: z.enum(REPORT_MODES),
  /** The MQTT topic the messages came on. */
  topic: z.string(),
  beforeRange,
});
export type ReportModeEntry = z.infer<typeof reportModeEntry>;

const dtuRanged = rangedSearch(
  { deviceCode: logDeviceCodeField, startTime: logTimeField, endTime: logTimeField },
  COMMUNICATION_LOG_MAX_DAYS,
  'startTime',
  'endTime',
);
export const dtuLogSearch = dtuRanged.search;
export type DtuLogSearch = z.output<typeof dtuLogSearch>;

export const listModuleLinkLog = defineCall({
  path: `${CLOUD_API}/log/moduleCommunicationLog`,
  description:
    'The DTU-mainboard link changes of one device of the subtree (IoT code required) in a time range (required), newest first.',
  auth: 'session',
  button: Button.COMMUNICATION_LOG,
  request: dtuRanged.page,
  response: listAnswer(moduleLinkEntry),
});

export const listReportModeLog = defineCall({
  path: `${CLOUD_API}/log/modeLog`,
  description:
    'The report mode changes (own topic or gateway interface) of one device of the subtree (IoT code required) in a time range (required), newest first.',
  auth: 'session',
  button: Button.COMMUNICATION_LOG,
  request: dtuRanged.page,
  response: listAnswer(reportModeEntry),
});
