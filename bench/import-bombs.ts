/**
 * Issue 8 item 9's import bombs, timed (the tests in point-excel/import-limits.int.test.ts assert what is refused and in
 * which order, not how fast): each figure is printed beside the ceiling it should stay under.
 * - a 1.5 MB workbook declaring 1.5 GB: refused by its directory (ceiling 1,000 ms);
 * - a 100,000-row sheet: refused by counting its rows before parsing (ceiling 4,000 ms);
 * - a 5,000-row workbook parsed whole: the longest the event loop stalls meanwhile (ceiling 750 ms), and the parse.
 *
 *   npm run bench:import-bombs        (BENCH_RUNS, default 5: runs of each)
 */
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { translate } from '@dcc/contract';
import * as XLSX from '@e965/xlsx';
import { parseWorkbook } from '../apps/server/src/modules/point-excel/sheet-parse.ts';
import { POINT_FIELD_NAMES } from '../apps/server/src/modules/points/point-row.ts';
import { inflatingBomb, manyRowsWorkbook, workbookFiles } from '../apps/server/test/zip-bombs.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MB = 1024 * 1024;
const HEADER = ['Address', 'Point code', 'Point name', 'Mode', 'Byte length'];
const SHEET = 'xl/worksheets/sheet1.xml';

function directoryBomb(): Buffer {
  return inflatingBomb(workbookFiles([HEADER, [1, 'a', 'A', 'R', 2]]), SHEET, 1536, 1536 * MB);
}

function largeWorkbook(): Buffer {
  const header = POINT_FIELD_NAMES.map((field) => translate('en-US', `catalog.pointField.${field}`));
  const rows = Array.from({ length: 5000 }, (_, i) =>
    POINT_FIELD_NAMES.map((field) => (field === 'address' ? i * 2 + 1 : `${field} ${i} ${'text '.repeat(8)}`)),
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows]), 'Points');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const begin = performance.now();
  await work().catch(() => undefined);
  return performance.now() - begin;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const line = (what: string, values: number[], ceiling: number) =>
  `${what}: median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (ceiling ${ceiling} ms${Math.max(...values) < ceiling ? '' : ', EXCEEDED'})`;

async function main(): Promise<void> {
  const load = () =>
    os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ');
  console.log(`machine: ${os.cpus().length} cpus, node ${process.version}; load average before ${load()}`);
  const [bomb, rows, large] = [directoryBomb(), manyRowsWorkbook(HEADER, 100_000), largeWorkbook()];
  await parseWorkbook('en-US', 'warm.xlsx', large); // a warm worker, as a running server has after its first import

  const refusals: number[] = [];
  const counted: number[] = [];
  const stalls: number[] = [];
  const parses: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    refusals.push(await timed(() => parseWorkbook('en-US', 'bomb.xlsx', bomb)));
    counted.push(await timed(() => parseWorkbook('en-US', 'rows.xlsx', rows)));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    parses.push(await timed(() => parseWorkbook('en-US', 'large.xlsx', large)));
    delay.disable();
    stalls.push(delay.max / 1e6);
  }
  console.log(line('1.5 MB file declaring 1.5 GB, refused', refusals, 1000));
  console.log(line('100,000-row sheet, refused by its row count', counted, 4000));
  console.log(line('longest event-loop stall while a 5,000-row workbook parses', stalls, 750));
  console.log(
    `the 5,000-row parse itself (${(large.length / 1024).toFixed(0)} KB): median ${median(parses).toFixed(0)} ms`,
  );
  console.log(`load average after ${load()}`);
}

await main();
