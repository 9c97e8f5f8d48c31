import { PassThrough } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { XlsxStreamWriter } from './xlsx-stream.ts';

async function workbookOf(rows: (string | number | null)[][], batch: number): Promise<XLSX.WorkBook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = new XlsxStreamWriter(out, 'Devices');
  await writer.start();
  for (let k = 0; k < rows.length; k += batch) await writer.addRows(rows.slice(k, k + batch));
  await writer.finish();
  return XLSX.read(Buffer.concat(chunks), { type: 'buffer' });
}

describe('streamed xlsx', () => {
  it('reads back as the rows written: strings with XML characters, Chinese, numbers and empty cells', async () => {
    const rows = [['编码', 'Name <&> "q"', 'Value'], ['HP-1', '热泵 1号', 12.5], ['HP-2', null, -3], ['HP-3', 'x\u0001y', '']];
    const book = await workbookOf(rows, 2);
    expect(book.SheetNames).toEqual(['Devices']);
    const read = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Devices!, { header: 1, defval: null });
    expect(read).toEqual([['编码', 'Name <&> "q"', 'Value'], ['HP-1', '热泵 1号', 12.5], ['HP-2', null, -3], ['HP-3', 'xy', null]]);
  });

  it('holds many rows across batches in order', async () => {
    const rows = Array.from({ length: 5000 }, (_, k) => [`D-${k}`, k]);
    const read = XLSX.utils.sheet_to_json<unknown[]>((await workbookOf(rows, 333)).Sheets.Devices!, { header: 1 });
    expect(read).toHaveLength(5000);
    expect(read[4999]).toEqual(['D-4999', 4999]);
  });
});
