import { Button, ErrorCode, importDevices, uploadImage } from '@dcc/contract';
import * as XLSX from '@e965/xlsx';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { PNG, postMultipart } from '../../../test/uploads.ts';

const env = {} as { t: TestApp; as: { sessionid: string; dealersId: string } };

beforeAll(async () => {
  env.t = await startTestApp();
  const platform = await newDealer(env.t.db, { level: 0 });
  const dealer = await newDealer(env.t.db, { parentId: platform, level: 1 });
  const user = await newUser(env.t.db);
  await newMember(env.t.db, dealer, user.id, [Button.DEVICE_IMPORT, Button.DEVICES]);
  env.as = { sessionid: await loginAs(env.t.app, user.phone), dealersId: dealer };
});
afterAll(async () => env.t.close());

const book = (code: string): Buffer => {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet([
      ['IoT code', 'Device name', 'Product'],
      [code, 'Pump', 'pkhpa200demo'],
    ]),
    'Devices',
  );
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};
const counted = async (table: 'devices' | 'device_operations' | 'uploads') =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(env.t.db)).rows[0]!.n);

describe('the text rule on multipart uploads (file names and form fields)', () => {
  it('refuses a device import whose file name holds a NUL or an escape sequence with the validation envelope, changing nothing', async () => {
    const before = { devices: await counted('devices'), log: await counted('device_operations') };
    for (const [name, language, message] of [
      ['dev\u0000ices.xlsx', 'en_US', 'Invalid request: fileName: Control characters are not allowed'],
      ['\u001b[31mdevices.xlsx', 'zh_CN', '请求无效：fileName: 不能包含控制字符'],
    ] as const) {
      const answer = await postMultipart(
        env.t.app,
        importDevices.path,
        env.as,
        {},
        { name, bytes: book(`FT-${Date.now()}-${language}`) },
        language,
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error_code: ErrorCode.BAD_REQUEST, error_msg: message });
    }
    expect({ devices: await counted('devices'), log: await counted('device_operations') }).toEqual(before);
  });

  it('refuses a form field with a control character, and an image whose name holds one', async () => {
    const field = await postMultipart(
      env.t.app,
      importDevices.path,
      env.as,
      { note: 'a\u0007b' },
      { name: 'devices.xlsx', bytes: book(`FT-${Date.now()}-field`) },
    );
    expect(field.body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      error_msg: 'Invalid request: note: Control characters are not allowed',
    });
    const uploads = await counted('uploads');
    const image = await postMultipart(env.t.app, uploadImage.path, env.as, {}, { name: 'a\u009b.png', bytes: PNG });
    expect(image.body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      error_msg: 'Invalid request: fileName: Control characters are not allowed',
    });
    expect(await counted('uploads')).toBe(uploads);
    // The same upload with a plain name is taken: only the name was refused.
    expect(
      (await postMultipart(env.t.app, uploadImage.path, env.as, {}, { name: 'a.png', bytes: PNG })).body.error_code,
    ).toBe(0);
  });
});
