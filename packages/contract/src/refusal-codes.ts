import { codeNames } from './messages/index.ts';

/**
 * Every code a device's refused or dropped message is counted under (ingest_refusals, the abnormal
 * list): the decoders' (frame.*, alink.*), the ingest's (ingest.*), the broker's (link.*) and the
 * out-of-range value. Each has a name in both languages (deviceFaults.refusal.*).
 */
export const REFUSAL_CODES = [
  'frame.notBytes',
  'frame.notHex',
  'frame.tooShort',
  'frame.badHead',
  'frame.unsupportedVersion',
  'frame.crcMismatch',
  'frame.crc',
  'frame.unknownFunction',
  'frame.badDeviceCode',
  'frame.truncated',
  'frame.trailingBytes',
  'frame.unknownAddress',
  'frame.splitPair',
  'frame.duplicateAddress',
  'frame.noTable',
  'frame.badField',
  'frame.internal',
  'alink.badJson',
  'alink.notObject',
  'alink.badId',
  'alink.badVersion',
  'alink.badMethod',
  'alink.badParams',
  'alink.badIdentifier',
  'alink.badTime',
  'alink.badCode',
  'ingest.oversized',
  'ingest.unknownDevice',
  'ingest.deviceMismatch',
  'ingest.unexpectedFunction',
  'ingest.unknownProperty',
  'ingest.topologyMissing',
  'ota.unknownJob',
  'ota.unknownStatus',
  'link.publishThrottled',
  'link.reconnectLoop',
  'link.payloadTooLarge',
  'value.outOfRange',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** A refusal code's name in `locale`; a code this list does not know is named as another refused report, never shown raw. */
export const refusalName = codeNames(
  REFUSAL_CODES,
  (code) => `deviceFaults.refusal.${code}`,
  'deviceFaults.refusal.other',
);
