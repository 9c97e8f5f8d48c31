import { Button, ErrorCode, importDevices, listPoints, translate } from '@dcc/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs } from '../../../test/harness.ts';
import { newProtocol, postFile, useCatalogApp } from '../../../test/catalog-setup.ts';
import { postMultipart } from '../../../test/uploads.ts';
import { inflatingBomb, workbookFiles } from '../../../test/zip-bombs.ts';
import { MAX_UNCOMPRESSED_BYTES } from './sheet-parse.ts';

/** Every entry a workbook parse reads is inflated under one budget, counted while inflating (issue 18 item 5). */
const env = useCatalogApp();
const importer = {} as { as: { sessionid: string; dealersId: string } };
const MB = 1024 * 1024;
const POINT_HEADER = ['Address', 'Point code', 'Point name', 'Mode', 'Byte length'];
const tooBig = (language: 'en-US' | 'zh-CN') =>
  translate(language, 'catalog.error.importFile', {
    reason: translate(language, 'catalog.import.tooBig', { max: MAX_UNCOMPRESSED_BYTES / MB }),
  });
const rss = () => process.memoryUsage().rss;

beforeAll(async () => {
  const user = await newUser(env.t.db);
  await newMember(env.t.db, env.reader.dealersId, user.id, [Button.DEVICE_IMPORT, Button.DEVICES]);
  importer.as = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.reader.dealersId };
});

describe('the inflated size of every entry a workbook parse reads', () => {
  it('refuses a point import whose shared strings inflate to 400 MB while the directory declares 10 KB, without inflating them all', async () => {
    const protocol = await newProtocol(env);
    const files = workbookFiles([POINT_HEADER, [1, 'a', 'A', 'R', 2]], { sharedStrings: true });
    const file = inflatingBomb(files, 'xl/sharedStrings.xml', 400, 10 * 1024);
    expect(file.length).toBeLessThan(MB);
    const before = rss();
    const answer = await postFile(env, { versionId: protocol.versionId }, { name: 'strings.xlsx', bytes: file });
    expect(answer.body).toEqual({
      error_code: ErrorCode.IMPORT_FILE_INVALID,
      error_msg: tooBig('en-US'),
      objectResult: null,
    });
    expect(rss() - before).toBeLessThan(200 * MB);
    expect(
      (await call<{ totalSize: number }>(env.t.app, listPoints, { versionId: protocol.versionId }, env.maker)).body
        .objectResult?.totalSize,
    ).toBe(0);
  });

  it("refuses a device import whose styles inflate past the budget, in the caller's language, registering nothing", async () => {
    const devices = async () =>
      Number(
        (
          await env.t.db
            .selectFrom('devices')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await devices();
    const files = workbookFiles([
      ['IoT code', 'Device name', 'Product'],
      [`BOMB-${Date.now()}`, 'Pump', 'pkhpa200demo'],
    ]);
    const file = inflatingBomb(files, 'xl/styles.xml', 200, 4096);
    const answer = await postMultipart(
      env.t.app,
      importDevices.path,
      importer.as,
      {},
      { name: 'devices.xlsx', bytes: file },
      'zh_CN',
    );
    expect(answer.body).toMatchObject({ error_code: ErrorCode.IMPORT_FILE_INVALID, error_msg: tooBig('zh-CN') });
    expect(await devices()).toBe(before);
  });

  it('refuses an entry whose local header names another method than the directory (the parser trusts the local one)', async () => {
    const protocol = await newProtocol(env);
    const files = workbookFiles([POINT_HEADER, [1, 'a', 'A', 'R', 2]], { sharedStrings: true });
    const file = inflatingBomb(files, 'xl/sharedStrings.xml', 100, 10 * 1024);
    // The directory says "stored" for every entry: counted by its stored bytes, while SheetJS would inflate it.
    for (
      let at = file.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      at >= 0;
      at = file.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)
    )
      file.writeUInt16LE(0, at + 10);
    const answer = await postFile(env, { versionId: protocol.versionId }, { name: 'methods.xlsx', bytes: file });
    expect(answer.body.error_code).toBe(ErrorCode.IMPORT_FILE_INVALID);
    expect(answer.body.error_msg).toBe(
      translate('en-US', 'catalog.error.importFile', { reason: translate('en-US', 'catalog.import.unreadable') }),
    );
  });
});
