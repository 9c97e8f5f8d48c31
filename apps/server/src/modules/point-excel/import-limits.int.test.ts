import { setImmediate as nextTurn } from 'node:timers/promises';
import { ErrorCode, listPoints, translate } from '@dcc/contract';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.ts';
import { newProtocol, postFile, useCatalogApp } from '../../../test/catalog-setup.ts';
import { POINT_FIELD_NAMES } from '../points/point-row.ts';
import { inflatingBomb, manyRowsWorkbook, workbookFiles } from '../../../test/zip-bombs.ts';
import { MAX_SHEET_ROWS, MAX_UNCOMPRESSED_BYTES, parseWorkbook } from './sheet-parse.ts';

/**
 * Import bombs (issue 8 item 9): refused before parsing, and parsing never stalls other calls. How long a
 * refusal takes and how long other calls wait meanwhile are figures of `npm run bench:import-bombs`.
 */
const env = useCatalogApp();
const MB = 1024 * 1024;

const HEADER = ['Address', 'Point code', 'Point name', 'Mode', 'Byte length'];
const SHEET = 'xl/worksheets/sheet1.xml';

/** A workbook whose sheet is followed by `megabytes` MB of whitespace (valid XML), declaring `declared` bytes. */
const bomb = (megabytes: number, declared: number): Buffer =>
  inflatingBomb(workbookFiles([HEADER, [1, 'a', 'A', 'R', 2]]), SHEET, megabytes, declared);

const rss = () => process.memoryUsage().rss;

describe('import bombs', () => {
  it('refuses a 1.5 MB workbook that expands to 1.5 GB by its directory, without inflating it', async () => {
    const protocol = await newProtocol(env);
    const file = bomb(1536, 1536 * MB);
    expect(file.length).toBeLessThan(2 * MB);
    const before = rss();
    const answer = await postFile(env, { versionId: protocol.versionId }, { name: 'bomb.xlsx', bytes: file });
    expect(answer.body).toEqual({
      error_code: ErrorCode.IMPORT_FILE_INVALID,
      error_msg: `${translate('en-US', 'catalog.error.importFile', { reason: translate('en-US', 'catalog.import.tooBig', { max: 64 }) })}`,
      objectResult: null,
    });
    expect(rss() - before).toBeLessThan(100 * MB);
    // Refused by the directory before the event loop turns once: no worker was asked to inflate anything.
    const refusal = parseWorkbook('en-US', 'bomb.xlsx', file).then(
      () => 'parsed',
      () => 'refused',
    );
    expect(await Promise.race([refusal, nextTurn().then(() => 'a turn of the event loop first')])).toBe('refused');
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
    const answer = await postFile(
      env,
      { versionId: protocol.versionId },
      { name: 'rows.xlsx', bytes: manyRowsWorkbook(HEADER, 100_000) },
    );
    expect(answer.body.error_msg).toBe(
      `${translate('en-US', 'catalog.error.importFile', { reason: translate('en-US', 'catalog.import.tooManyRows', { count: 100_001, max: MAX_SHEET_ROWS }) })}`,
    );
  });

  it('keeps answering other calls while a large workbook parses', async () => {
    const protocol = await newProtocol(env);
    const header = POINT_FIELD_NAMES.map((field) => translate('en-US', `catalog.pointField.${field}`));
    // 5,000 full rows (every column, long text): parsed whole.
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

    // The parse every import of it makes, counting the calls the server answers while it runs: on the event loop, none could be.
    let parsed = false;
    const parsing = parseWorkbook('en-US', 'large.xlsx', file).finally(() => (parsed = true));
    let answeredMeanwhile = 0;
    while (!parsed) {
      const listed = await call(env.t.app, listPoints, { versionId: protocol.versionId }, env.maker);
      expect(listed.body.error_code).toBe(ErrorCode.OK);
      if (!parsed) answeredMeanwhile += 1;
    }
    expect((await parsing).grid).toHaveLength(5001);
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
