import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { frameDecodeAnswer } from '../catalog/frames.ts';
import { deviceOperation } from '../devices/commands.ts';
import { listAnswer, pageIndexField, pageSizeField } from '../people/common.ts';
import { logDeviceCodeField, logTimeField, rangedSearch } from './fields.ts';

/**
 * The device logs of log management (issue 22): the communication log of one device (B176: needs an IoT
 * code and a time range), the communication log query across the devices of the subtree (B225: needs a
 * time range) and the device operation log (B176: needs an IoT code). They read what the device side
 * keeps (raw packets in and out, the operation log) with the device detail's parse and vendor rule.
 */

/** Longest range of a one-device communication-log search. */
export const COMMUNICATION_LOG_MAX_DAYS = 31;
/** Longest range of a search across the subtree's devices. */
export const COMMUNICATION_QUERY_MAX_DAYS = 7;

export const PACKET_DIRECTIONS = ['up', 'down'] as const;

/** One raw packet, parsed as the frame inspector parses it. */
export const loggedPacket = z.object({
  deviceId: z.string(),
  deviceCode: z.string(),
  time: z.string(),
  direction: z.enum(PACKET_DIRECTIONS),
  /** The raw bytes; null for a reader without B9405 when the device's table has vendor parameters. */
  hex: z.string().nullable(),
  kind: z.string().nullable(),
  /** The kind in the reader's language (packetKindName). */
  kindName: z.string().nullable(),
  refusal: z.string().nullable(),
  /** The refusal in the reader's language (refusalName). */
  refusalName: z.string().nullable(),
  /** Head, CRC, points (address, content, value, description in the reader's language); null for Alink JSON. */
  decoded: frameDecodeAnswer.nullable(),
  /** The protocol version whose table parsed it (the frame inspector opens it with it); null for a thing-model device. */
  versionId: z.string().nullable(),
});
export type LoggedPacket = z.infer<typeof loggedPacket>;

const directionFilter = z.union([z.literal(''), z.enum(PACKET_DIRECTIONS)], { error: 'logs.validation.direction' });

const communicationFilters = {
  deviceCode: logDeviceCodeField,
  startTime: logTimeField,
  endTime: logTimeField,
  direction: directionFilter.default(''),
};
const communicationRanged = rangedSearch(communicationFilters, COMMUNICATION_LOG_MAX_DAYS, 'startTime', 'endTime');
export const communicationLogSearch = communicationRanged.search;
export type CommunicationLogSearch = z.output<typeof communicationLogSearch>;

export const listCommunicationLog = defineCall({
  path: `${CLOUD_API}/log/communicationLog`,
  description:
    'The raw packets in and out of one device of the subtree (IoT code required) in a time range (required), newest first, each parsed.',
  auth: 'session',
  button: Button.COMMUNICATION_LOG,
  request: communicationRanged.page,
  response: listAnswer(loggedPacket),
});

const queryFilters = {
  startTime: logTimeField,
  endTime: logTimeField,
  direction: directionFilter.default(''),
};
const queryRanged = rangedSearch(queryFilters, COMMUNICATION_QUERY_MAX_DAYS, 'startTime', 'endTime');
export const communicationQuerySearch = queryRanged.search;
export type CommunicationQuerySearch = z.output<typeof communicationQuerySearch>;

export const queryCommunicationLog = defineCall({
  path: `${CLOUD_API}/log/communicationLogQuery`,
  description:
    'The raw packets of every device of the subtree in a time range (required, at most 7 days), newest first, each parsed.',
  auth: 'session',
  button: Button.COMMUNICATION_LOG_QUERY,
  request: queryRanged.page,
  response: listAnswer(loggedPacket),
});

export const operationLogSearch = z.object({ deviceCode: logDeviceCodeField }).strict();

export const listOperationLog = defineCall({
  path: `${CLOUD_API}/log/operationLog`,
  description:
    'The operation log of one device of the subtree (IoT code required): who did what, each field by name, and the outcome, newest first.',
  auth: 'session',
  button: Button.COMMUNICATION_LOG,
  request: z.object({ deviceCode: logDeviceCodeField, pageIndex: pageIndexField, pageSize: pageSizeField }).strict(),
  response: listAnswer(deviceOperation.extend({ deviceCode: z.string() })),
});
