import { performance } from 'node:perf_hooks';
import { ErrorCode, listPoints, translate } from '@dcc/contract';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.ts';
import { newProtocol, postFile, useCatalogApp } from '../../../test/catalog-setup.ts';
import { POINT_FIELD_NAMES } from '../points/point-row.ts';
import { inflatingBomb, workbookFiles, zipOf } from '../../../test/zip-bombs.ts';
import { MAX_SHEET_ROWS, MAX_UNCOMPRESSED_BYTES } from './sheet-parse.ts';

/** Import bombs (issue 8 item 9): refused before parsing, and parsing never stalls other calls. */
const env = useCatalogApp();
const MB = 1024 * 1024;

const HEADER = ['Address', 'Point code', 'Point name', 'Mode', 'Byte length'];
const SHEET = 'xl/worksheets/sheet1.xml';

/** A workbook whose sheet is followed by `megabytes` MB of whitespace (valid XML), declaring `declared` bytes. */
const bomb = (megabytes: number, declared: number): Buffer =>
  inflatingBomb(workbookFiles([HEADER, [1, 'a', 'A', 'R', 2]]), SHEET, megabytes, declared);

const rss = () => process.memoryUsage().rss;

describe('import bombs', () => {
  it('refuses a 1.5 MB workbook that expands to 1.5 GB by its directory, fast and without inflating it', async () => {
    const protocol = await newProtocol(env);
    const file = bomb(1536, 1536 * MB);
    expect(file.length).toBeLessThan(2 * MB);
    const before = rss();
    const begin = performance.now();
    const answer = await postFile(env, { versionId: protocol.versionId }, { name: 'bomb.xlsx', bytes: file });
    expect(performance.now() - begin).toBeLessThan(1000);
    expect(answer.body).toEqual({
      error_code: ErrorCode.IMPORT_FILE_INVALID,
      error_msg: `${translate('en-US', 'catalog.error.importFile', { reason: translate('en-US', 'catalog.import.tooBig', { max: 64 }) })}`,
      objectResult: null,
    });
    expect(rss() - before).toBeLessThan(100 * MB);
  });

  it('refuses the same bomb when its directory lies about the size, in the worker and without the server growing', async () => {
    const protocol = await newProtocol(env);
    const before = rss();
    const answer = await postFile(
      env,
      { versionId: protocol.versionId },
      { name: 'liar.xlsx', bytes: bomb(1536, 4096) },
      { language: 'zh_CN' },
    );
    expect(answer.body.error_code).toBe(ErrorCode.IMPORT_FILE_INVALID);
    expect(answer.body.error_msg).toContain(`${MAX_UNCOMPRESSED_BYTES / MB} MB`);
    expect(rss() - before).toBeLessThan(100 * MB);
  });

  it(`refuses a 100,000-row sheet by counting its rows before parsing (at most ${MAX_SHEET_ROWS})`, async () => {
    const protocol = await newProtocol(env);
    const files = workbookFiles([HEADER]);
    const rows = Array.from(
      { length: 100_000 },
      (_, i) =>
        `<row r="${i + 2}"><c r="A${i + 2}"><v>${i}</v></c><c r="B${i + 2}" t="inlineStr"><is><t>p${i}</t></is></c></row>`,
    ).join('');
    const sheet = files
      .get(SHEET)!
      .toString('utf8')
      .replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:E100001"/>');
    files.set(SHEET, Buffer.from(sheet.replace('</sheetData>', `${rows}</sheetData>`)));
    const begin = performance.now();
    const answer = await postFile(
      env,
      { versionId: protocol.versionId },
      { name: 'rows.xlsx', bytes: zipOf([...files].map(([name, data]) => ({ name, data }))) },
    );
    expect(answer.body.error_msg).toBe(
      `${translate('en-US', 'catalog.error.importFile', { reason: translate('en-US', 'catalog.import.tooManyRows', { count: 100_001, max: MAX_SHEET_ROWS }) })}`,
    );
    expect(performance.now() - begin).toBeLessThan(4000);
  });

  it('keeps answering other calls while a large workbook parses', async () => {
    const protocol = await newProtocol(env);
    const header = POINT_FIELD_NAMES.map((field) => translate('en-US', `catalog.pointField.${field}`));
    // 5,000 full rows (every column, long text) that do not make points: parsed whole, then refused.
    const rows = Array.from({ length: 5000 }, (_, i) =>
      POINT_FIELD_NAMES.map((field) =>
        field === 'address'
          ? i * 2 + 1
          : field === 'dataTypeId'
            ? 'no such type'
            : field === 'byteLength'
              ? 2
              : `${field} ${i} ${'text '.repeat(8)}`,
      ),
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows]), 'Points');
    const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;

    let done = false;
    const importing = postFile(env, { versionId: protocol.versionId }, { name: 'large.xlsx', bytes: file }).finally(
      () => (done = true),
    );
    const latencies: number[] = [];
    while (!done) {
      const begin = performance.now();
      await call(env.t.app, listPoints, { versionId: protocol.versionId }, env.maker);
      latencies.push(performance.now() - begin);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answer = await importing;
    expect([ErrorCode.POINT_IMPORT_INVALID, ErrorCode.TOO_MANY_POINTS]).toContain(answer.body.error_code);
    expect(latencies.length).toBeGreaterThan(5);
    // The parse takes seconds on this machine; with it on the event loop one call would wait for all of it.
    expect(Math.max(...latencies)).toBeLessThan(750);
  });
});
