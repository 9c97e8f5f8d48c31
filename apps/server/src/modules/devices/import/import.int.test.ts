import { Button, ErrorCode, deviceImportTemplate, importDevices, type ImportRefusal } from '@dcc/contract';
import * as XLSX from '@e965/xlsx';
import { checkDeviceLogin, signDeviceLogin } from '@dcc/protocol/device-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { newDealer, newDevice, newMember, newUser } from '../../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { postMultipart } from '../../../../test/uploads.ts';
import { secretBoxOf } from '../repo.ts';
import { secretBox } from '../secret-box.ts';

/** P (level 0) -> A -> A1, B beside A; the importer is a member of A with B9403. */
const env = {} as {
  t: TestApp;
  A: string;
  A1: string;
  A1code: string;
  Bcode: string;
  importer: { sessionid: string; dealersId: string };
};
const box = secretBox(loadConfig({}).deviceSecretKey);

beforeAll(async () => {
  env.t = await startTestApp();
  const db = env.t.db;
  const P = await newDealer(db, { level: 0 });
  env.A = await newDealer(db, { parentId: P, level: 1 });
  env.A1 = await newDealer(db, { parentId: env.A, level: 2 });
  const B = await newDealer(db, { parentId: P, level: 1 });
  const codeOf = async (id: string) =>
    (await db.selectFrom('dealers').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code;
  env.A1code = await codeOf(env.A1);
  env.Bcode = await codeOf(B);
  const user = await newUser(db, { realName: 'Importer Zhao' });
  await newMember(db, env.A, user.id, [Button.DEVICE_IMPORT, Button.DEVICES]);
  env.importer = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.A };
});
afterAll(async () => env.t.close());

const HEADER = ['IoT code', 'Device name', 'Product', 'SN', 'Model', 'Dealer code', 'Address'];
const bookOf = (rows: unknown[][], bookType: XLSX.BookType = 'xlsx'): Buffer => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Devices');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
};
const upload = (bytes: Buffer, language = 'en_US', name = 'devices.xlsx') =>
  postMultipart(env.t.app, importDevices.path, env.importer, {}, { name, bytes }, language);
let sequence = 0;
const code = () => `IMP-${Date.now().toString(36)}-${(sequence += 1)}`;
const deviceCount = async () =>
  Number(
    (
      await env.t.db
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('importDevices', () => {
  it('registers every row (product by name or key, dealer by code in the subtree or the company), answers each secret once, logs the import', async () => {
    const [c1, c2, c3] = [code(), code(), code()];
    const answer = await upload(
      bookOf([
        HEADER,
        [c1, '热泵 1', '空气源热泵 A200', `SN-${c1}`, 'KF-1', '', '杭州'],
        [],
        [c2, 'Pump 2', 'pkhpa200demo', 12345678 + sequence, '', env.A1code, ''],
        [c3, 'Heater', 'pkwhx1demo01', '', '', '', ''],
      ]),
      'en_US',
      'batch.xls',
    );
    expect(answer.body.error_code, JSON.stringify(answer.body)).toBe(0);
    const result = answer.body.objectResult as {
      imported: number;
      devices: Array<{ deviceId: string; deviceCode: string; deviceSecret: string }>;
    };
    expect(result.imported).toBe(3);
    expect(result.devices.map((d) => d.deviceCode).sort()).toEqual([c1, c2, c3].sort());
    const rows = await env.t.db
      .selectFrom('devices')
      .selectAll()
      .where('device_code', 'in', [c1, c2, c3])
      .orderBy('device_code')
      .execute();
    expect(rows.map((r) => [r.device_code, r.dealer_id, r.status])).toEqual([
      [c1, env.A, 'UNACTIVE'],
      [c2, env.A1, 'UNACTIVE'],
      [c3, env.A, 'UNACTIVE'],
    ]);
    expect(rows[0]).toMatchObject({
      device_name: '热泵 1',
      sn: `SN-${c1}`.toUpperCase(),
      model: 'KF-1',
      address: '杭州',
    });
    expect(rows[1]!.sn).toMatch(/^\d+$/);
    for (const device of result.devices) {
      const now = Date.now();
      const secretOf = async (deviceCode: string) => {
        const sealed = await secretBoxOf(env.t.db, deviceCode);
        return sealed ? box.open(sealed) : null;
      };
      expect(
        await checkDeviceLogin(signDeviceLogin(device.deviceCode, device.deviceSecret, now), {
          secretOf,
          nowMs: now,
          windowMs: 60_000,
        }),
      ).toEqual({ ok: true, deviceCode: device.deviceCode });
    }
    const log = await env.t.db.selectFrom('device_operations').selectAll().where('device_code', '=', c1).execute();
    expect(log).toMatchObject([
      { action: 'import', outcome: 'applied', summary: 'batch.xls', operator_name: 'Importer Zhao', dealer_id: env.A },
    ]);
  });

  it('reads Chinese headers in any order and an .xls file', async () => {
    const c = code();
    const answer = await upload(
      bookOf(
        [
          ['产品', '物联网编码', '设备名称'],
          ['空气源热泵 A200', c, '热水器'],
        ],
        'biff8',
      ),
      'zh_CN',
      'devices.xls',
    );
    expect(answer.body).toMatchObject({ error_code: 0, objectResult: { imported: 1 } });
  });

  it("refuses the whole file with every problem by row and column in the caller's language; nothing stored", async () => {
    const taken = await newDevice(env.t.db, env.A, box);
    const takenCode = (
      await env.t.db.selectFrom('devices').select('device_code').where('id', '=', taken).executeTakeFirstOrThrow()
    ).device_code;
    const good = code();
    const dup = code();
    const before = await deviceCount();
    const rows = [
      HEADER,
      [good, 'Good', '空气源热泵 A200', '', '', '', ''],
      [dup, 'First', '空气源热泵 A200', 'SN-SAME', '', '', ''],
      [dup, 'Repeat', '空气源热泵 A200', 'SN-SAME', '', '', ''],
      ['bad/code', 'Bad', '空气源热泵 A200', '', '', '', ''],
      [takenCode, 'Taken', '空气源热泵 A200', '', '', '', ''],
      [code(), 'Unknown product', 'NoSuchPump', '', '', '', ''],
      [code(), 'Foreign dealer', '空气源热泵 A200', '', '', env.Bcode, ''],
      [code(), '', '空气源热泵 A200', '', '', '', ''],
      [code(), 'Bad barcode', '空气源热泵 A200', 'SN_0001', '', '', ''],
      [code(), 'Same barcode in lower case', '空气源热泵 A200', 'sn-same', '', '', ''],
    ];
    const answer = await upload(bookOf(rows));
    expect(answer.body.error_code).toBe(ErrorCode.DEVICE_IMPORT_INVALID);
    expect(answer.body.error_msg).toMatch(
      /^The file was refused and no device was imported: \d+ problem\(s\)\. First: Row /,
    );
    const refusal = answer.body.objectResult as ImportRefusal;
    expect(refusal.problems).toEqual(
      expect.arrayContaining([
        { row: 4, column: 'IoT code', message: 'The same IoT code is also in row 3' },
        { row: 4, column: 'SN', message: 'The same SN is also in row 3' },
        { row: 5, column: 'IoT code', message: "The IoT code is 4-64 letters, digits, '-' or '_'" },
        { row: 9, column: 'Device name', message: 'Please enter the device name (at most 50 characters)' },
        { row: 10, column: 'SN', message: "The barcode is 6-32 capital letters, digits or '-' (not first or last)" },
        { row: 11, column: 'SN', message: 'The same SN is also in row 3' },
      ]),
    );
    expect(await deviceCount()).toBe(before);
    const badBarcode = await upload(bookOf([HEADER, rows[9]!]), 'zh_CN');
    expect((badBarcode.body.objectResult as ImportRefusal).problems).toEqual([
      { row: 2, column: 'SN', message: '整机条码为 6-32 位大写字母、数字或“-”（首尾不能是“-”）' },
    ]);

    // Without the format problems, the registry's: taken, unknown product, dealer outside the subtree; in Chinese.
    const second = await upload(bookOf([HEADER, rows[1]!, rows[5]!, rows[6]!, rows[7]!]), 'zh_CN');
    expect(second.body.error_code).toBe(ErrorCode.DEVICE_IMPORT_INVALID);
    expect((second.body.objectResult as ImportRefusal).problems).toEqual([
      { row: 3, column: 'IoT code', message: '该IoT code的设备已存在' },
      { row: 4, column: 'Product', message: '没有名称或产品密钥为 NoSuchPump 的产品' },
      { row: 5, column: 'Dealer code', message: `本公司及下级经销商中没有编码为 ${env.Bcode} 的经销商` },
    ]);
    expect(await deviceCount()).toBe(before);
    expect(await env.t.db.selectFrom('devices').select('id').where('device_code', '=', good).execute()).toEqual([]);
  });

  it('refuses a file that is not Excel, is larger than 10 MB, has no device rows, or lacks a required column', async () => {
    expect((await upload(Buffer.from('not excel'), 'en_US', 'devices.csv')).body).toMatchObject({
      error_code: ErrorCode.IMPORT_FILE_INVALID,
      error_msg: 'The file cannot be imported: only .xls and .xlsx files can be imported',
    });
    expect((await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 0x50))).body).toMatchObject({
      error_code: ErrorCode.IMPORT_FILE_INVALID,
      error_msg: 'The file cannot be imported: the file is larger than 10 MB',
    });
    expect((await upload(bookOf([HEADER]))).body).toMatchObject({
      error_code: ErrorCode.IMPORT_FILE_INVALID,
      error_msg: 'The file cannot be imported: the sheet has no device rows',
    });
    expect(
      (
        await upload(
          bookOf([
            ['IoT code', 'Device name'],
            ['X-1234', 'x'],
          ]),
          'zh_CN',
        )
      ).body,
    ).toMatchObject({ error_code: ErrorCode.IMPORT_FILE_INVALID, error_msg: '文件无法导入：表头缺少列：产品' });
  });

  it("answers the template with the header row in the caller's language, which imports as it is filled in", async () => {
    const template = await call<{ fileName: string; contentBase64: string }>(
      env.t.app,
      deviceImportTemplate,
      {},
      { ...env.importer, language: 'zh_CN' },
    );
    const book = XLSX.read(Buffer.from(template.body.objectResult!.contentBase64, 'base64'));
    const grid = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(grid).toEqual([
      ['物联网编码', '设备名称', '产品', 'SN', '型号', '经销商编码', '地址', '省份编码', '城市编码'],
    ]);
    const c = code();
    expect((await upload(bookOf([grid[0]!, [c, '模板设备', '空气源热泵 A200']]))).body).toMatchObject({
      error_code: 0,
      objectResult: { imported: 1 },
    });
  });
});
