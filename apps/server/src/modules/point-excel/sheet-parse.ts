import { Worker } from 'node:worker_threads';
import type { Locale } from '@dcc/contract';
import { fileRefused } from './read.ts';
import { entryBytes, zipEntries } from './zip-entries.ts';

/** Rows a sheet may have: a version holds at most 5,000 points; the rest is room for a header and blank rows. */
export const MAX_SHEET_ROWS = 10_000;
/** What an .xlsx may expand to, all its files together, by its own central directory (checked before inflating). */
export const MAX_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;
/** Heap of one parsing worker: a file whose directory lied about its sizes ends there, not in the server. */
const WORKER_HEAP_MB = 384;
const PARSE_DEADLINE_MS = 30_000;
/** Workbooks parsed at once; more wait their turn (two cores here: one stays with the event loop's work). */
const MAX_PARALLEL_PARSES = 2;

/** The first sheet as rows of cells, and the sheet row (1-based) of the first of them. */
export interface SheetGrid {
  grid: unknown[][];
  firstRow: number;
}

type WorkerAnswer =
  | { ok: true; grid: unknown[][]; firstRow: number }
  | { ok: false; reason: 'tooBig' | 'tooManyRows' | 'unreadable' | 'noSheet'; rows?: number };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Buffer, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;

let running = 0;
const waiting: Array<() => void> = [];
/** Workers that answered their last job, kept warm: loading SheetJS in a new worker costs about a second. */
const idle: Worker[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_PARSES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function newWorker(): Worker {
  const worker = new Worker(new URL('./sheet-worker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 64 },
  });
  // An idle worker never keeps the process alive, and one that ends is no longer handed jobs.
  worker.unref();
  worker.once('exit', () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  return worker;
}

/**
 * Every entry of an .xlsx for the worker to inflate under one budget, after the sizes its directory
 * declares are checked; worksheets are marked for their rows to be counted.
 */
function checkedEntries(locale: Locale, bytes: Buffer) {
  const entries = zipEntries(bytes);
  if (!entries || entries.length > 1000) throw fileRefused(locale, 'catalog.import.unreadable');
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > MAX_UNCOMPRESSED_BYTES)
    throw fileRefused(locale, 'catalog.import.tooBig', { max: MAX_UNCOMPRESSED_BYTES / 1024 / 1024 });
  return entries.map((entry) => {
    const stored = entryBytes(bytes, entry);
    if (!stored || (entry.method !== 0 && entry.method !== 8)) throw fileRefused(locale, 'catalog.import.unreadable');
    return {
      method: entry.method,
      start: stored.byteOffset - bytes.byteOffset,
      length: stored.length,
      worksheet: WORKSHEET.test(entry.name),
    };
  });
}

/** Runs one parse on a warm worker (or a new one); a worker that failed, ran out of memory or took too long is dropped. */
function runWorker(bytes: Buffer, entries: ReturnType<typeof checkedEntries>): Promise<WorkerAnswer> {
  return new Promise((resolve) => {
    const worker = idle.pop() ?? newWorker();
    const settle = (answer: WorkerAnswer, healthy: boolean) => {
      clearTimeout(deadline);
      worker.removeListener('message', onMessage).removeListener('error', onError).removeListener('exit', onExit);
      if (healthy && idle.length < MAX_PARALLEL_PARSES) idle.push(worker);
      else void worker.terminate();
      resolve(answer);
    };
    const onMessage = (answer: WorkerAnswer) => settle(answer, true);
    const onError = (error: Error & { code?: string }) =>
      settle({ ok: false, reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'tooBig' : 'unreadable' }, false);
    const onExit = () => settle({ ok: false, reason: 'unreadable' }, false);
    const deadline = setTimeout(() => settle({ ok: false, reason: 'tooBig' }, false), PARSE_DEADLINE_MS);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage({ bytes, maxRows: MAX_SHEET_ROWS, maxInflatedBytes: MAX_UNCOMPRESSED_BYTES, entries });
  });
}

/**
 * Opens an .xls or .xlsx file (by name and content) and answers its first sheet's cells; every
 * upload read as a workbook (device import, point import) comes here. An .xlsx is refused by its
 * declared uncompressed size before anything is inflated; then the worker inflates every entry
 * (shared strings, styles, sheets, anything SheetJS would read) under one budget counted while
 * inflating, whatever the directory says, and counts the rows before the sheet is parsed; parsing
 * runs in that worker with a memory limit and a deadline.
 */
export async function parseWorkbook(locale: Locale, fileName: string, bytes: Buffer): Promise<SheetGrid> {
  if (!/\.xlsx?$/i.test(fileName)) throw fileRefused(locale, 'catalog.import.notExcel');
  const isZip = startsWith(bytes, ZIP);
  if (!isZip && !startsWith(bytes, OLE2)) throw fileRefused(locale, 'catalog.import.unreadable');
  const entries = isZip ? checkedEntries(locale, bytes) : [];
  const answer = await inTurn(() => runWorker(bytes, entries));
  if (!answer.ok) {
    if (answer.reason === 'tooManyRows')
      throw fileRefused(locale, 'catalog.import.tooManyRows', {
        count: answer.rows ?? MAX_SHEET_ROWS + 1,
        max: MAX_SHEET_ROWS,
      });
    if (answer.reason === 'tooBig')
      throw fileRefused(locale, 'catalog.import.tooBig', { max: MAX_UNCOMPRESSED_BYTES / 1024 / 1024 });
    throw fileRefused(locale, answer.reason === 'noSheet' ? 'catalog.import.noSheet' : 'catalog.import.unreadable');
  }
  if (answer.grid.length > MAX_SHEET_ROWS)
    throw fileRefused(locale, 'catalog.import.tooManyRows', { count: answer.grid.length, max: MAX_SHEET_ROWS });
  return { grid: answer.grid, firstRow: answer.firstRow };
}
