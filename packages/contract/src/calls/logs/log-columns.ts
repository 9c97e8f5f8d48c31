/**
 * The log searches' columns as the screen shows them and the export writes them, in this order: one
 * title (message `logs.column.<log>.<key>`, both languages) and one width (px) for both (issue 22).
 */
export const API_LOG_COLUMNS = [
  { key: 'createTime', width: 170 },
  { key: 'operatorPhone', width: 120 },
  { key: 'operatorEmail', width: 170 },
  { key: 'operatorIp', width: 120 },
  { key: 'interfaceName', width: 190 },
  { key: 'description', width: 240 },
  { key: 'params', width: 280 },
  { key: 'outcomeCode', width: 90 },
  { key: 'durationMs', width: 110 },
] as const;
export type ApiLogColumn = (typeof API_LOG_COLUMNS)[number]['key'];

/** A packet of the communication logs; `hex` (the raw bytes) is written by the export only. */
export const PACKET_LOG_COLUMNS = [
  { key: 'time', width: 170 },
  { key: 'deviceCode', width: 130 },
  { key: 'direction', width: 80 },
  { key: 'head', width: 80 },
  { key: 'function', width: 130 },
  { key: 'crc', width: 90 },
  { key: 'points', width: 70 },
  { key: 'refusal', width: 180 },
  { key: 'hex', width: 320 },
] as const;
export type PacketLogColumn = (typeof PACKET_LOG_COLUMNS)[number]['key'];

/** An entry of the device operation log; `content` is each field and point by name (operation-content.ts). */
export const OPERATION_LOG_COLUMNS = [
  { key: 'createTime', width: 170 },
  { key: 'deviceCode', width: 130 },
  { key: 'action', width: 130 },
  { key: 'operatorName', width: 120 },
  { key: 'content', width: 280 },
  { key: 'outcome', width: 110 },
  { key: 'detail', width: 200 },
] as const;
export type OperationLogColumn = (typeof OPERATION_LOG_COLUMNS)[number]['key'];

/** An entry of the account log. */
export const ACCOUNT_LOG_COLUMNS = [
  { key: 'createTime', width: 170 },
  { key: 'userName', width: 140 },
  { key: 'realName', width: 120 },
  { key: 'action', width: 130 },
  { key: 'ip', width: 130 },
  { key: 'operatorName', width: 120 },
  { key: 'detail', width: 200 },
] as const;
export type AccountLogColumn = (typeof ACCOUNT_LOG_COLUMNS)[number]['key'];

/**
 * A change of the module communication log (DTU-mainboard link); the row of the state the range began in
 * (beforeRange) says so beside its time, as the screen's mark does.
 */
export const MODULE_LINK_LOG_COLUMNS = [
  { key: 'time', width: 260 },
  { key: 'deviceCode', width: 130 },
  { key: 'link', width: 150 },
] as const;
export type ModuleLinkLogColumn = (typeof MODULE_LINK_LOG_COLUMNS)[number]['key'];

/** A change of the mode log (own topic or gateway interface), its time marked like the module communication log's. */
export const REPORT_MODE_LOG_COLUMNS = [
  { key: 'time', width: 260 },
  { key: 'deviceCode', width: 130 },
  { key: 'mode', width: 130 },
  { key: 'topic', width: 260 },
] as const;
export type ReportModeLogColumn = (typeof REPORT_MODE_LOG_COLUMNS)[number]['key'];

export type LogColumns = 'api' | 'packet' | 'operation' | 'account' | 'moduleLink' | 'mode';

/** The message key of a log column's title. */
export const logColumnTitleKey = (log: LogColumns, key: string): string => `logs.column.${log}.${key}`;
