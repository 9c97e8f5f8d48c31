import {
  ErrorCode,
  OTHER_LANGUAGE_MARK,
  addDataType,
  addPoint,
  exportPoints,
  importPoints,
  listPointHistory,
  listPoints,
  type DataTypeRecord,
  type ImportRefusal,
  type PointHistoryEntry,
  type ProtocolPoint,
} from '@dcc/contract';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.ts';
import { demoVersionId as demoVersionOf, newProtocol, postFile, useCatalogApp } from '../../../test/catalog-setup.ts';

const env = useCatalogApp();
let demoVersionId = '';

beforeAll(async () => {
  demoVersionId = await demoVersionOf(env.t.db);
});

type Exported = { fileName: string; contentBase64: string; pointCount: number };
const exportOf = async (versionId: string, language = 'en_US') => {
  const answer = await call<Exported>(env.t.app, exportPoints, { versionId }, { ...env.maker, language });
  expect(answer.body.error_code).toBe(0);
  return answer.body.objectResult!;
};
const pointsOf = async (versionId: string) =>
  (await call<{ list: ProtocolPoint[] }>(env.t.app, listPoints, { versionId, pageSize: 999 }, env.maker)).body
    .objectResult!.list;
/** The fields a table is made of (no ids, times or modifier). */
const tableOf = (points: ProtocolPoint[]) =>
  points.map(({ pointId: _p, versionId: _v, createTime: _c, updateTime: _u, modifier: _m, ...fields }) => fields);
const importFile = (versionId: string, bytes: Buffer, name = 'points.xlsx', language = 'en_US') =>
  postFile(env, { versionId }, { name, bytes }, { language });
const rowsOf = (bytes: Buffer): unknown[][] => {
  const book = XLSX.read(bytes, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: '' });
};
const bookOf = (rows: unknown[][], bookType: XLSX.BookType = 'xlsx'): Buffer => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Points');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
};

describe('point Excel export and import', () => {
  it('exports the whole table with a header row in the caller language and readable list cells', async () => {
    const file = await exportOf(demoVersionId);
    expect(file.fileName).toBe('HP-STD_V1.0_points.xlsx');
    expect(file.pointCount).toBe(16);
    const rows = rowsOf(Buffer.from(file.contentBase64, 'base64'));
    expect(rows[0]!.slice(0, 5)).toEqual(['Address', 'Point code', 'Point name', 'English name', 'Mode']);
    expect(rows).toHaveLength(17);
    const header = rows[0]!;
    const power = rows[1]!;
    expect(power[header.indexOf('Enum items')]).toBe('0=关机/Off\n1=开机/On');
    expect(power[header.indexOf('Client parameter')]).toBe('Yes');
    const fault = rows.find((r) => r[1] === 'fault1')!;
    expect(fault[header.indexOf('Fault definitions')]).toContain('E01=2/bit 0/水流故障/Water flow');
    const zh = rowsOf(Buffer.from((await exportOf(demoVersionId, 'zh_CN')).contentBase64, 'base64'));
    expect(zh[0]!.slice(0, 3)).toEqual(['地址', '点位编码', '点位名称']);
    expect(zh[1]![header.indexOf('Client parameter')]).toBe('是');
  });

  it('round-trips: export then import gives the same table, and importing it again changes nothing', async () => {
    const protocol = await newProtocol(env);
    const exported = Buffer.from((await exportOf(demoVersionId, 'zh_CN')).contentBase64, 'base64');
    const first = await importFile(protocol.versionId, exported);
    expect(first.body).toMatchObject({
      error_code: 0,
      objectResult: { total: 16, added: 16, updated: 0, removed: 0, unchanged: 0 },
    });
    expect(tableOf(await pointsOf(protocol.versionId))).toEqual(tableOf(await pointsOf(demoVersionId)));
    const again = Buffer.from((await exportOf(protocol.versionId)).contentBase64, 'base64');
    const second = await importFile(protocol.versionId, again);
    expect(second.body.objectResult).toEqual({ total: 16, added: 0, updated: 0, removed: 0, unchanged: 16 });
    const history = await call<{ list: PointHistoryEntry[]; totalSize: number }>(
      env.t.app,
      listPointHistory,
      { versionId: protocol.versionId, action: 'import' },
      env.maker,
    );
    expect(history.body.objectResult!.totalSize).toBe(16);
  });

  it('reads back a data type an English export named in Chinese, marked (it has no English name)', async () => {
    const chineseOnly = `仅中文${Date.now().toString(36)}`;
    const added = await call<DataTypeRecord>(
      env.t.app,
      addDataType,
      { dataTypeName: chineseOnly, reportRule: 'x / 10', sendRule: 'x * 10', signed: false, sortOrder: 9 },
      env.maker,
    );
    expect(added.body.error_code).toBe(0);
    const source = await newProtocol(env);
    const point = { address: 1, pointCode: 'tIn', pointName: '进水温度', mode: 'R', byteLength: 2 };
    const stored = await call(
      env.t.app,
      addPoint,
      { versionId: source.versionId, point: { ...point, dataTypeId: added.body.objectResult!.dataTypeId } },
      env.maker,
    );
    expect(stored.body.error_code).toBe(0);
    const file = Buffer.from((await exportOf(source.versionId, 'en_US')).contentBase64, 'base64');
    const rows = rowsOf(file);
    expect(rows[1]![rows[0]!.indexOf('Data type')]).toBe(`${chineseOnly}${OTHER_LANGUAGE_MARK['en-US']}`);
    const target = await newProtocol(env);
    expect((await importFile(target.versionId, file)).body.error_code).toBe(0);
    expect((await pointsOf(target.versionId))[0]!.dataTypeId).toBe(added.body.objectResult!.dataTypeId);
  });

  it('replaces the table by address: adds, updates (also moving codes between points) and removes, with history', async () => {
    const protocol = await newProtocol(env);
    const header = ['Address', 'Point code', 'Point name', 'Mode', 'Byte length'];
    await importFile(
      protocol.versionId,
      bookOf([header, [1, 'a', 'A', 'R', 2], [2, 'b', 'B', 'R', 2], [3, 'c', 'C', 'R', 2]]),
    );
    const answer = await importFile(
      protocol.versionId,
      bookOf([header, [1, 'b', 'A', 'R', 2], [2, 'a', 'B', 'R', 2], [4, 'd', 'D', 'RW', 1]]),
    );
    expect(answer.body.objectResult).toEqual({ total: 3, added: 1, updated: 2, removed: 1, unchanged: 0 });
    expect((await pointsOf(protocol.versionId)).map((p) => [p.address, p.pointCode, p.mode])).toEqual([
      [1, 'b', 'R'],
      [2, 'a', 'R'],
      [4, 'd', 'RW'],
    ]);
    const history = await call<{ list: PointHistoryEntry[] }>(
      env.t.app,
      listPointHistory,
      { versionId: protocol.versionId, pageSize: 100 },
      env.maker,
    );
    const latest = history.body.objectResult!.list.slice(0, 4);
    expect(latest.map((e) => e.action)).toEqual(['import', 'import', 'import', 'import']);
    expect(latest.find((e) => e.address === 1)!.changedFields).toEqual(['pointCode']);
    expect(latest.find((e) => e.address === 3)).toMatchObject({ pointId: '', pointCode: 'c' });
  });

  it('refuses a bad file whole, naming rows and columns, and stores nothing', async () => {
    const protocol = await newProtocol(env);
    const header = [
      '地址',
      'Point code',
      'Point name',
      'Mode',
      'Byte length',
      'Value range',
      'Enum items',
      'Value kind',
      'Client parameter',
    ];
    const good = bookOf([header, [1, 'a', 'A', 'R', 2, '', '', '', 'No']]);
    const goodAnswer = await importFile(protocol.versionId, good);
    expect(goodAnswer.body.error_code, JSON.stringify(goodAnswer.body)).toBe(0);
    const bad = bookOf([
      header,
      [1, 'a', 'A', 'R', 2, '', '', '', ''],
      ['x', 'b', 'B', 'R', 2, '', '', '', ''],
      [3, 'c', 'C', 'Q', 2, '', '', '', 'maybe'],
      [4, 'd', 'D', 'R', 2, '', 'no equals sign', 'enum', ''],
    ]);
    const refused = await importFile(protocol.versionId, bad);
    expect(refused.body.error_code).toBe(ErrorCode.POINT_IMPORT_INVALID);
    const details = refused.body.objectResult as ImportRefusal;
    expect(details.problems).toEqual([
      { row: 3, column: '地址', message: 'Please enter a number' },
      { row: 4, column: 'Client parameter', message: 'Please enter Yes or No' },
      {
        row: 5,
        column: 'Enum items',
        message: 'Line 1 cannot be read; write it as value=label/English label/description',
      },
    ]);
    expect(details.problemCount).toBe(3);
    expect(refused.body.error_msg).toBe(
      'The file was refused and nothing was imported: 3 problem(s). First: Row 3, 地址: Please enter a number',
    );

    const tableBad = bookOf([
      header,
      [1, 'a', 'A', 'R', 2, '0..$9$', '', '', ''],
      [2, 'a', 'B', 'RW', 2, '', '', '', ''],
      [3, 'c', 'C', 'X', 2, '', '', '', ''],
    ]);
    const second = await importFile(protocol.versionId, tableBad, 'points.xlsx', 'zh_CN');
    expect(second.body.error_code).toBe(ErrorCode.POINT_IMPORT_INVALID);
    expect((second.body.objectResult as ImportRefusal).problems).toEqual([
      { row: 4, column: 'Mode', message: "模式必须是 'R'、'W' 或 'RW'" },
    ]);
    const third = await importFile(
      protocol.versionId,
      bookOf([header, [1, 'a', 'A', 'R', 2, '0..$9$', '', '', ''], [2, 'a', 'B', 'RW', 2, '', '', '', '']]),
    );
    expect((third.body.objectResult as ImportRefusal).problems).toEqual([
      { row: 2, column: 'Value range', message: 'Point 1 (a): Value range references point 9, which does not exist' },
      { row: 3, column: 'Point code', message: 'Point 2 (a): point code a is already used by another point' },
    ]);
    expect((await pointsOf(protocol.versionId)).map((p) => p.pointCode)).toEqual(['a']);
  });

  it('lists at most 200 problems and counts them all', async () => {
    const protocol = await newProtocol(env);
    const rows: unknown[][] = [['Address', 'Point code', 'Point name', 'Mode', 'Byte length']];
    for (let i = 0; i < 250; i++) rows.push([i, `p${i}`, `P${i}`, 'R', 3]);
    const refused = await importFile(protocol.versionId, bookOf(rows));
    const details = refused.body.objectResult as ImportRefusal;
    expect(details.problemCount).toBe(250);
    expect(details.problems).toHaveLength(200);
    expect(details.problems[0]).toEqual({
      row: 2,
      column: 'Byte length',
      message: 'The byte length must be 1, 2 or 4',
    });
  });

  it('imports an .xls file', async () => {
    const protocol = await newProtocol(env);
    const xls = bookOf(
      [
        ['Address', 'Point code', 'Point name', 'Mode', 'Byte length', 'Data type', 'Unit'],
        [10, 'tIn', '进水温度', 'R', 2, 'signed x0.1', '°C'],
      ],
      'biff8',
    );
    const answer = await importFile(protocol.versionId, xls, 'legacy.xls');
    expect(answer.body.objectResult).toEqual({ total: 1, added: 1, updated: 0, removed: 0, unchanged: 0 });
    expect((await pointsOf(protocol.versionId))[0]).toMatchObject({
      pointName: '进水温度',
      dataTypeName: 'signed x0.1',
      unit: '°C',
    });
  });

  it('refuses files that are not Excel, too large, without the needed columns, and writes by a level-1 company', async () => {
    const protocol = await newProtocol(env);
    const cases: Array<[{ name: string; bytes: Buffer }, string]> = [
      [{ name: 'notes.txt', bytes: Buffer.from('address,code') }, 'only .xls and .xlsx files can be imported'],
      [
        { name: 'fake.xlsx', bytes: Buffer.from('this is not a workbook at all') },
        'the file is not a readable Excel workbook',
      ],
      [{ name: 'big.xlsx', bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }, 'the file is larger than 10 MB'],
      [
        {
          name: 'cols.xlsx',
          bytes: bookOf([
            ['Address', 'Point code'],
            [1, 'a'],
          ]),
        },
        'the header row lacks the column(s) Point name, Mode, Byte length',
      ],
    ];
    for (const [file, reason] of cases) {
      const refused = await postFile(env, { versionId: protocol.versionId }, file);
      expect(refused.body).toEqual({
        error_code: ErrorCode.IMPORT_FILE_INVALID,
        error_msg: `The file cannot be imported: ${reason}`,
        objectResult: null,
      });
    }
    const json = await call(env.t.app, importPoints, { versionId: protocol.versionId }, env.maker);
    expect(json.body.error_msg).toBe('The file cannot be imported: choose an Excel file to import');
    const readOnly = await postFile(
      env,
      { versionId: protocol.versionId },
      {
        name: 'p.xlsx',
        bytes: bookOf([
          ['Address', 'Point code', 'Point name', 'Mode', 'Byte length'],
          [1, 'a', 'A', 'R', 2],
        ]),
      },
      { as: env.reader },
    );
    expect(readOnly.body.error_code).toBe(ErrorCode.CATALOG_READ_ONLY);
    const unknown = await postFile(
      env,
      { versionId: '123456789' },
      { name: 'p.xlsx', bytes: bookOf([['Address'], [1]]) },
    );
    expect(unknown.body.error_code).toBe(ErrorCode.NOT_FOUND);
    expect(await pointsOf(protocol.versionId)).toEqual([]);
  });
});
