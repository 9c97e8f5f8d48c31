import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { translate, type DeviceListQuery } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { countDevices } from '../devices/index.ts';
import type { VendorReader } from '../points/index.ts';
import type { ExportWork } from './export-jobs.ts';
import { exportBatches, exportCells, exportHeader, exportWidths, type Cell, type ExportReader } from './export-rows.ts';

/** A writable of readable-stream 2 (archiver's), whose state Node's `writableNeedDrain` does not show. */
type QueuedWritable = Writable & { _writableState?: { needDrain?: unknown } };

/**
 * The queue the sheet's XML waits in before the zip compresses it. exceljs writes every committed row
 * at once and never waits, so without a look here a slow destination lets the whole sheet pile up in
 * memory (exceljs 4.4 internals: the worksheet's StreamBuf pipes to the zip entry's PassThrough).
 */
function sheetQueue(sheet: ExcelJS.Worksheet): QueuedWritable {
  const queue = (sheet as unknown as { stream?: { pipes?: QueuedWritable[] } }).stream?.pipes?.[0];
  if (typeof queue?._writableState?.needDrain !== 'boolean')
    throw new Error('exceljs worksheet stream layout changed: the export cannot wait for the zip');
  return queue;
}

/** One sheet of an export: its name, the screen's column titles and widths, and its rows batch by batch. */
export interface SheetSpec {
  name: string;
  header: string[];
  /** Excel widths (excelColumnWidth of the screen's). */
  widths: number[];
  batches: AsyncIterable<Cell[][]>;
}

/**
 * Writes the sheet to `out` as one .xlsx, batch by batch: after each batch it waits until the zip has
 * taken the rows (and `out`, through the zip's pipe, has taken the zip), so memory holds about one batch
 * whatever the speed of the destination. `onBatch` gets the rows written so far.
 */
export async function writeSheet(
  out: Writable,
  spec: SheetSpec,
  onBatch: (writtenRows: number) => Promise<void>,
): Promise<number> {
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  const work = (async () => {
    const { default: excel } = await import('exceljs'); // loaded by the first export, not with the server (a sixth of its start)
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet(spec.name);
    sheet.columns = spec.widths.map((width) => ({ width }));
    sheet.addRow(spec.header).commit();
    const queue = sheetQueue(sheet);
    let written = 0;
    for await (const batch of spec.batches) {
      for (const row of batch) sheet.addRow(row).commit();
      written += batch.length;
      if (queue._writableState!.needDrain) await once(queue, 'drain');
      await onBatch(written);
    }
    sheet.commit();
    await workbook.commit();
    return written;
  })();
  return Promise.race([work, failed]);
}

/** The device list's export of the query, as the scope and `reader` may see it (issue 11). */
export function deviceExportWork(
  db: Kysely<DB>,
  job: ExportReader & { scope: DealerScope; reader: VendorReader; query: DeviceListQuery },
): ExportWork {
  return {
    fileKey: 'devices.export.file',
    count: () => countDevices(db, job.scope, job.reader, job.query),
    write: (out, onBatch) => {
      const cells = exportCells(job);
      async function* batches() {
        for await (const batch of exportBatches(db, job.scope, job.reader, job.query)) yield batch.map(cells);
      }
      const spec = {
        name: translate(job.locale, 'devices.export.sheet'),
        header: exportHeader(job.locale),
        widths: exportWidths(),
        batches: batches(),
      };
      return writeSheet(out, spec, onBatch);
    },
  };
}
