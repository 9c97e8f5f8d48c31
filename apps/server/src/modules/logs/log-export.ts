import {
  ACCOUNT_LOG_COLUMNS,
  API_LOG_COLUMNS,
  OPERATION_LOG_COLUMNS,
  operationContent,
  type AccountLogEntry,
  type AccountLogSearch,
  type DeviceOperation,
  excelColumnWidth,
  logColumnTitleKey,
  PACKET_LOG_COLUMNS,
  translate,
  zonedDateTime,
  type ApiLogEntry,
  type ApiLogSearch,
  type CommunicationLogSearch,
  type CommunicationQuerySearch,
  type DtuLogSearch,
  type LoggedPacket,
  type LogColumns,
  MODULE_LINK_LOG_COLUMNS,
  type ModuleLinkEntry,
  REPORT_MODE_LOG_COLUMNS,
  type ReportModeEntry,
} from '@dcc/contract';
import type { ScopedContext } from '../../http/call-route.ts';
import { accountLogBatches, accountLogRange, countAccountLog, newestAccountLogId } from '../account-log/index.ts';
import { countOperations, newestOperationId, operationBatches } from '../device-commands/index.ts';
import { EXPORT_BATCH_ROWS, writeSheet, type Cell, type ExportWork } from '../device-list/index.ts';
import { findDeviceInScope } from '../devices/index.ts';
import { pointReaderOf } from '../telemetry/index.ts';
import { apiLogBatches, countApiLog, newestApiLogId } from './api-log-repo.ts';
import { parsed, type DeviceLogDeps } from './device-logs.ts';
import { moduleLinkPage, reportModePage, type DtuPage } from './dtu-log-repo.ts';
import { countPackets, packetBatches } from './packet-repo.ts';

/**
 * The log searches as export jobs (issue 22): the device list's jobs and sheet writer, the screen's
 * columns (log-columns.ts: titles in the reader's language, widths), times in the platform's zone, and
 * the rows the screen would show: the same scope, the same redaction (API parameters as logged, raw
 * bytes and vendor points only with B9405).
 */

type Viewer = Pick<ScopedContext, 'scope' | 'actor' | 'locale' | 'timeZone'>;

function sheetOf<Row>(
  viewer: Viewer,
  log: { columns: LogColumns; keys: ReadonlyArray<{ key: string; width: number }>; sheetKey: string },
  batches: AsyncIterable<Row[]>,
  cells: (row: Row) => Cell[],
) {
  async function* rows() {
    for await (const batch of batches) yield batch.map(cells);
  }
  return {
    name: translate(viewer.locale, log.sheetKey),
    header: log.keys.map((column) => translate(viewer.locale, logColumnTitleKey(log.columns, column.key))),
    widths: log.keys.map((column) => excelColumnWidth(column.width)),
    batches: rows(),
  };
}

/** An API call log entry as cells, in API_LOG_COLUMNS' order. */
const apiLogCells =
  (timeZone: string) =>
  (entry: ApiLogEntry): Cell[] =>
    API_LOG_COLUMNS.map(({ key }) => (key === 'createTime' ? zonedDateTime(entry.createTime, timeZone) : entry[key]));

export function apiLogExportWork(deps: DeviceLogDeps, viewer: Viewer, search: ApiLogSearch): ExportWork {
  const { db } = deps;
  // Counted and written up to the newest entry when the count ran (the log grows while it is written).
  let upToId: string | null = null;
  return {
    fileKey: 'logs.export.api.file',
    count: async () => {
      upToId = await newestApiLogId(db);
      return countApiLog(db, viewer.scope, search, viewer.timeZone, upToId);
    },
    write: (out, onBatch) => {
      const batches = apiLogBatches(db, viewer.scope, search, {
        timeZone: viewer.timeZone,
        locale: viewer.locale,
        batchRows: EXPORT_BATCH_ROWS,
        upToId,
      });
      const sheet = sheetOf(
        viewer,
        { columns: 'api', keys: API_LOG_COLUMNS, sheetKey: 'logs.export.api.sheet' },
        batches,
        apiLogCells(viewer.timeZone),
      );
      return writeSheet(out, sheet, onBatch);
    },
  };
}

/** A packet as cells, in PACKET_LOG_COLUMNS' order, as the screen shows it (raw bytes withheld likewise). */
function packetCells({ locale, timeZone }: Viewer): (packet: LoggedPacket) => Cell[] {
  const cell: Record<(typeof PACKET_LOG_COLUMNS)[number]['key'], (packet: LoggedPacket) => Cell> = {
    time: (packet) => zonedDateTime(packet.time, timeZone),
    deviceCode: (packet) => packet.deviceCode,
    direction: (packet) => translate(locale, `logs.export.direction.${packet.direction}`),
    head: (packet) => packet.decoded?.frame?.head ?? '',
    function: (packet) => packet.decoded?.frame?.functionName ?? packet.kindName ?? '',
    crc: ({ decoded }) =>
      decoded?.frame
        ? `${decoded.frame.crc}${decoded.frame.crcOk ? '' : ` ${translate(locale, 'logs.export.crcBad')}`}`
        : '',
    points: (packet) => packet.decoded?.rows.length ?? '',
    refusal: (packet) => (packet.decoded && !packet.decoded.ok ? packet.decoded.error : (packet.refusalName ?? '')),
    hex: (packet) => packet.hex ?? translate(locale, 'logs.export.hexWithheld'),
  };
  return (packet) => PACKET_LOG_COLUMNS.map(({ key }) => cell[key](packet));
}

/** One device's packets of the search (a device outside the subtree exports nothing, like an unknown one). */
export async function communicationExportWork(
  deps: DeviceLogDeps,
  viewer: Viewer,
  search: CommunicationLogSearch,
): Promise<ExportWork> {
  const device = await findDeviceInScope(deps.db, viewer.scope, { code: search.deviceCode });
  return packetExportWork(deps, viewer, search, device ? { device } : null, 'communication');
}

/** The subtree's packets of the search. */
export function communicationQueryExportWork(
  deps: DeviceLogDeps,
  viewer: Viewer,
  search: CommunicationQuerySearch,
): ExportWork {
  return packetExportWork(deps, viewer, search, { scope: viewer.scope }, 'query');
}

function packetExportWork(
  deps: DeviceLogDeps,
  viewer: Viewer,
  search: CommunicationQuerySearch,
  target: Parameters<typeof countPackets>[1] | null,
  name: 'communication' | 'query',
): ExportWork {
  async function* batches() {
    if (!target) return;
    const reader = await pointReaderOf(deps.db, viewer);
    for await (const rows of packetBatches(deps.db, target, search, EXPORT_BATCH_ROWS))
      yield await parsed(deps, reader, rows);
  }
  return {
    fileKey: `logs.export.${name}.file`,
    count: async () => (target ? countPackets(deps.db, target, search) : 0),
    write: (out, onBatch) => {
      const sheet = sheetOf(
        viewer,
        { columns: 'packet', keys: PACKET_LOG_COLUMNS, sheetKey: `logs.export.${name}.sheet` },
        batches(),
        packetCells(viewer),
      );
      return writeSheet(out, sheet, onBatch);
    },
  };
}

/** An operation log entry as cells, in OPERATION_LOG_COLUMNS' order, as the screen shows it. */
function operationCells({ locale, timeZone }: Viewer, deviceCode: string): (entry: DeviceOperation) => Cell[] {
  const text = {
    t: (key: string, params?: Record<string, string | number>) => translate(locale, key, params),
    time: (value: string) => zonedDateTime(value, timeZone),
  };
  const cell: Record<(typeof OPERATION_LOG_COLUMNS)[number]['key'], (entry: DeviceOperation) => Cell> = {
    createTime: (entry) => zonedDateTime(entry.createTime, timeZone),
    deviceCode: () => deviceCode,
    action: (entry) => translate(locale, `deviceHistory.operation.actions.${entry.action}`),
    operatorName: (entry) =>
      entry.operatorName || (entry.operatorId === null ? translate(locale, 'deviceHistory.operation.byDevice') : ''),
    content: (entry) => operationContent(entry, text).join('\n'),
    outcome: (entry) => translate(locale, `deviceHistory.operation.outcomes.${entry.outcome}`),
    detail: (entry) => entry.detail,
  };
  return (entry) => OPERATION_LOG_COLUMNS.map(({ key }) => cell[key](entry));
}

/** One device's operation log (a device outside the subtree exports nothing, like an unknown one). */
export async function operationExportWork(
  deps: DeviceLogDeps,
  viewer: Viewer,
  search: { deviceCode: string },
): Promise<ExportWork> {
  const { db } = deps;
  const device = await findDeviceInScope(db, viewer.scope, { code: search.deviceCode });
  // Counted and written up to the newest entry when the count ran (the log grows while it is written).
  let upToId: string | null = null;
  async function* batches() {
    if (!device) return;
    const reader = await pointReaderOf(db, viewer);
    yield* operationBatches(db, deps.profiles, device, reader, { batchRows: EXPORT_BATCH_ROWS, upToId });
  }
  return {
    fileKey: 'logs.export.operation.file',
    count: async () => {
      if (!device) return 0;
      upToId = await newestOperationId(db);
      return upToId === null ? 0 : countOperations(db, device, upToId);
    },
    write: (out, onBatch) => {
      const sheet = sheetOf(
        viewer,
        { columns: 'operation', keys: OPERATION_LOG_COLUMNS, sheetKey: 'logs.export.operation.sheet' },
        batches(),
        operationCells(viewer, device?.code ?? search.deviceCode),
      );
      return writeSheet(out, sheet, onBatch);
    },
  };
}

/** An account log entry as cells, in ACCOUNT_LOG_COLUMNS' order. */
function accountCells({ locale, timeZone }: Viewer): (entry: AccountLogEntry) => Cell[] {
  return (entry) =>
    ACCOUNT_LOG_COLUMNS.map(({ key }) => {
      if (key === 'createTime') return zonedDateTime(entry.createTime, timeZone);
      if (key === 'action') return translate(locale, `people.action.${entry.action}`);
      return entry[key];
    });
}

/** The account log of the search, scoped like the screen, its days in the platform's zone. */
export function accountLogExportWork(deps: DeviceLogDeps, viewer: Viewer, search: AccountLogSearch): ExportWork {
  const { db } = deps;
  const filter = {
    account: search.account,
    action: search.action,
    ...accountLogRange(search.startDate, search.endDate, viewer.timeZone),
  };
  let upToId: string | null = null;
  return {
    fileKey: 'logs.export.account.file',
    count: async () => {
      upToId = await newestAccountLogId(db);
      return upToId === null ? 0 : countAccountLog(db, viewer.scope, filter, upToId);
    },
    write: (out, onBatch) => {
      const sheet = sheetOf(
        viewer,
        { columns: 'account', keys: ACCOUNT_LOG_COLUMNS, sheetKey: 'logs.export.account.sheet' },
        upToId === null
          ? (async function* () {})()
          : accountLogBatches(db, viewer.scope, filter, { batchRows: EXPORT_BATCH_ROWS, upToId }),
        accountCells(viewer),
      );
      return writeSheet(out, sheet, onBatch);
    },
  };
}

/** A DTU log change's time in the platform's zone, marked as the screen marks the state the range began in. */
function dtuTime({ locale, timeZone }: Viewer, entry: { time: string; beforeRange?: true }): string {
  const time = zonedDateTime(entry.time, timeZone);
  if (!entry.beforeRange) return time;
  return translate(locale, 'logs.export.beforeRange', { time, mark: translate(locale, 'logs.dtu.beforeRange') });
}

/** A module communication log change as cells, in MODULE_LINK_LOG_COLUMNS' order, as the screen shows it. */
const moduleLinkCells =
  (viewer: Viewer) =>
  (entry: ModuleLinkEntry): Cell[] =>
    MODULE_LINK_LOG_COLUMNS.map(({ key }) => {
      if (key === 'time') return dtuTime(viewer, entry);
      if (key === 'link') return translate(viewer.locale, `logs.dtu.links.${entry.link}`);
      return entry[key];
    });

/** A mode log change as cells, in REPORT_MODE_LOG_COLUMNS' order, as the screen shows it. */
const reportModeCells =
  (viewer: Viewer) =>
  (entry: ReportModeEntry): Cell[] =>
    REPORT_MODE_LOG_COLUMNS.map(({ key }) => {
      if (key === 'time') return dtuTime(viewer, entry);
      if (key === 'mode') return translate(viewer.locale, `logs.dtu.modes.${entry.mode}`);
      return entry[key];
    });

/** What sets one DTU log's export apart from the other's: its name, columns, page of the screen and cells. */
interface DtuLog<Entry> {
  columns: 'moduleLink' | 'mode';
  keys: ReadonlyArray<{ key: string; width: number }>;
  page: DtuPage<Entry>;
  cells: (viewer: Viewer) => (entry: Entry) => Cell[];
}

/**
 * One device's DTU log of the search, read page by page as the screen reads it (the range's changes, then the
 * state the range began in); a device outside the subtree exports nothing, like an unknown one.
 */
async function dtuLogExportWork<Entry>(
  deps: DeviceLogDeps,
  viewer: Viewer,
  search: DtuLogSearch,
  log: DtuLog<Entry>,
): Promise<ExportWork> {
  const device = await findDeviceInScope(deps.db, viewer.scope, { code: search.deviceCode });
  // Counted and written up to the export's start (the log grows while it is written; pages are read by offset).
  const now = new Date().toISOString();
  const range = Date.parse(search.endTime) > Date.parse(now) ? { ...search, endTime: now } : search;
  async function* batches() {
    if (!device) return;
    for (let offset = 0; ; offset += EXPORT_BATCH_ROWS) {
      const { list } = await log.page(deps.db, device, range, { limit: EXPORT_BATCH_ROWS, offset });
      if (list.length > 0) yield list;
      if (list.length < EXPORT_BATCH_ROWS) return;
    }
  }
  return {
    fileKey: `logs.export.${log.columns}.file`,
    count: async () => (device ? (await log.page(deps.db, device, range, { limit: 0, offset: 0 })).totalSize : 0),
    write: (out, onBatch) => {
      const sheet = sheetOf(
        viewer,
        { columns: log.columns, keys: log.keys, sheetKey: `logs.export.${log.columns}.sheet` },
        batches(),
        log.cells(viewer),
      );
      return writeSheet(out, sheet, onBatch);
    },
  };
}

/** One device's module communication log (DTU-mainboard link changes) of the search. */
export const moduleLinkExportWork = (deps: DeviceLogDeps, viewer: Viewer, search: DtuLogSearch) =>
  dtuLogExportWork(deps, viewer, search, {
    columns: 'moduleLink',
    keys: MODULE_LINK_LOG_COLUMNS,
    page: moduleLinkPage,
    cells: moduleLinkCells,
  });

/** One device's mode log (report mode changes) of the search. */
export const reportModeExportWork = (deps: DeviceLogDeps, viewer: Viewer, search: DtuLogSearch) =>
  dtuLogExportWork(deps, viewer, search, {
    columns: 'mode',
    keys: REPORT_MODE_LOG_COLUMNS,
    page: reportModePage,
    cells: reportModeCells,
  });
