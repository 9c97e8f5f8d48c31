import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { translate, type DeviceListQuery } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import type { VendorReader } from '../points/index.ts';
import { exportBatches, exportCells, exportHeader, exportWidths, type ExportReader } from './export-rows.ts';

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

/**
 * Writes the devices of the query to `out` as one .xlsx sheet, batch by batch: after each batch it
 * waits until the zip has taken the rows (and `out`, through the zip's pipe, has taken the zip), so
 * memory holds about one batch whatever the speed of the destination. `onBatch` gets the rows written so far.
 */
export async function writeDeviceWorkbook(
  db: Kysely<DB>,
  out: Writable,
  job: ExportReader & {
    scope: DealerScope;
    reader: VendorReader;
    query: DeviceListQuery;
    onBatch: (writtenRows: number) => Promise<void>;
  },
): Promise<number> {
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  const work = (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet(translate(job.locale, 'devices.export.sheet'));
    sheet.columns = exportWidths().map((width) => ({ width }));
    sheet.addRow(exportHeader(job.locale)).commit();
    const queue = sheetQueue(sheet);
    const cells = exportCells(job);
    let written = 0;
    for await (const batch of exportBatches(db, job.scope, job.reader, job.query)) {
      for (const row of batch) sheet.addRow(cells(row)).commit();
      written += batch.length;
      if (queue._writableState!.needDrain) await once(queue, 'drain');
      await job.onBatch(written);
    }
    sheet.commit();
    await workbook.commit();
    return written;
  })();
  return Promise.race([work, failed]);
}
