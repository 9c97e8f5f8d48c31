import { ErrorCode, translate, type ImportRefusal } from '@dcc/contract';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { newProtocol, postFile, useCatalogApp } from '../../../test/catalog-setup.ts';

const env = useCatalogApp();

const bookOf = (rows: unknown[][]): Buffer => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Points');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

/** Item 10 of issue 8: imported rows follow the text rule of the calls (an .xlsx cell can hold a NUL as _x0000_). */
describe('control characters in an imported point table', () => {
  it('refuses the row with the text rule message, never a 500', async () => {
    const protocol = await newProtocol(env);
    const file = bookOf([
      ['Address', 'Point code', 'Point name', 'Mode', 'Byte length'],
      [1, 'code1', 'Name\u0000', 'R', 2],
    ]);
    const refused = await postFile(env, { versionId: protocol.versionId }, { name: 'points.xlsx', bytes: file });
    expect(refused.status, JSON.stringify(refused.body)).toBeLessThan(500);
    expect(refused.body.error_code).toBe(ErrorCode.POINT_IMPORT_INVALID);
    const problems = (refused.body.objectResult as ImportRefusal).problems;
    expect(problems).toContainEqual(
      expect.objectContaining({ row: 2, message: translate('en-US', 'validation.text.control') }),
    );
  });
});
