import {
  ErrorCode,
  addPoint,
  addProtocol,
  addProtocolVersion,
  deleteProtocol,
  deleteProtocolVersion,
  listPoints,
  listProtocols,
  protocolById,
  protocolOptions,
  updateProtocol,
  updateProtocolVersion,
  type Protocol,
  type ProtocolDetail,
  type ProtocolPoint,
  type ProtocolVersion,
} from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.ts';
import { newProtocol, pointBody, uniqueName, useCatalogApp } from '../../../test/catalog-setup.ts';
import { newDevice, newProduct } from '../../../test/factories.ts';
import { loadConfig } from '../../config.ts';
import { secretBox } from '../devices/secret-box.ts';

const box = secretBox(loadConfig({}).deviceSecretKey);

const env = useCatalogApp();

const protocolRow = (id: string) =>
  env.t.db.selectFrom('protocols').selectAll().where('id', '=', id).executeTakeFirst();

describe('protocols', () => {
  it('adds a protocol with its first version, lists and details it', async () => {
    const code = uniqueName('T');
    const added = await call<ProtocolDetail>(
      env.t.app,
      addProtocol,
      { protocolName: 'Heat_pump_X', protocolCode: code, description: 'desc', versionName: 'V2.0' },
      env.maker,
    );
    expect(added.body.error_code).toBe(0);
    const protocol = added.body.objectResult!;
    expect(protocol).toMatchObject({
      protocolName: 'Heat_pump_X',
      protocolCode: code,
      description: 'desc',
      products: [],
      versionCount: 1,
      creator: env.makerName,
      modifier: env.makerName,
    });
    expect(protocol.versions).toEqual([
      expect.objectContaining({ versionName: 'V2.0', pointCount: 0, creator: env.makerName }),
    ]);
    const listed = await call<{ list: Protocol[]; totalSize: number }>(
      env.t.app,
      listProtocols,
      { protocolCode: code.toLowerCase() },
      env.maker,
    );
    expect(listed.body.objectResult!.list.map((p) => p.protocolId)).toEqual([protocol.protocolId]);
    const detail = await call<ProtocolDetail>(env.t.app, protocolById, { protocolId: protocol.protocolId }, env.reader);
    expect(detail.body.objectResult).toEqual(protocol);
  });

  it('lists the demo protocol with its product and sorts by code', async () => {
    const listed = await call<{ list: Protocol[] }>(
      env.t.app,
      listProtocols,
      { protocolName: 'Heat pump standard' },
      env.maker,
    );
    // Found by either name (issue 20: the demo protocol is named in both languages).
    expect(listed.body.objectResult!.list[0]).toMatchObject({
      protocolName: '热泵标准协议',
      protocolEnName: 'Heat pump standard',
      protocolCode: 'HP-STD',
      versionCount: 1,
      products: [{ id: expect.any(String), name: 'Heat pump A200' }],
    });
    // Its product in the reader's language: the Chinese name to a Chinese reader.
    const chinese = await call<{ list: Protocol[] }>(
      env.t.app,
      listProtocols,
      { protocolName: '热泵标准' },
      { ...env.maker, language: 'zh_CN' },
    );
    expect(chinese.body.objectResult!.list[0]!.products).toEqual([{ id: expect.any(String), name: '空气源热泵 A200' }]);
    const mark = uniqueName('T');
    for (const suffix of ['b', 'a', 'c']) await newProtocol(env, { protocolCode: `${mark}${suffix}` });
    const sorted = await call<{ list: Protocol[]; totalSize: number }>(
      env.t.app,
      listProtocols,
      { protocolCode: mark, sortField: 'protocolCode', sortOrder: 'ascend', pageSize: 2 },
      env.maker,
    );
    expect(sorted.body.objectResult!.totalSize).toBe(3);
    expect(sorted.body.objectResult!.list.map((p) => p.protocolCode)).toEqual([`${mark}a`, `${mark}b`]);
  });

  it('refuses a taken code whatever its case, on add and on update', async () => {
    const first = await newProtocol(env);
    const taken = await call(
      env.t.app,
      addProtocol,
      { protocolName: 'Other', protocolCode: first.protocolCode.toLowerCase() },
      { ...env.maker, language: 'zh_CN' },
    );
    expect(taken.body.error_code).toBe(ErrorCode.PROTOCOL_CODE_TAKEN);
    const second = await newProtocol(env);
    const renamed = await call(
      env.t.app,
      updateProtocol,
      {
        protocolId: second.protocolId,
        version: second.version,
        protocolName: 'Second',
        protocolCode: first.protocolCode.toUpperCase(),
        description: '',
      },
      env.maker,
    );
    expect(renamed.body).toEqual({
      error_code: ErrorCode.PROTOCOL_CODE_TAKEN,
      error_msg: 'Protocol code already exists',
      objectResult: null,
    });
    expect((await protocolRow(second.protocolId))!.code).toBe(second.protocolCode);
  });

  it('lets only one of two simultaneous writers take a code', async () => {
    const code = uniqueName('T');
    const answers = await Promise.all(
      ['One', 'Two'].map((protocolName) =>
        call(env.t.app, addProtocol, { protocolName, protocolCode: code }, env.maker),
      ),
    );
    expect(answers.map((a) => a.body.error_code).sort()).toEqual([0, ErrorCode.PROTOCOL_CODE_TAKEN]);
  });

  it('refuses bad fields', async () => {
    for (const body of [
      { protocolName: 'X', protocolCode: 'has space' },
      { protocolName: '', protocolCode: uniqueName('T') },
      { protocolName: 'X', protocolCode: uniqueName('T'), versionName: 'V 1' },
    ]) {
      expect((await call(env.t.app, addProtocol, body, env.maker)).body.error_code).toBe(ErrorCode.BAD_REQUEST);
    }
  });

  it('updates name, code and description; the modifier and update time move', async () => {
    const protocol = await newProtocol(env);
    const code = uniqueName('T');
    const updated = await call<ProtocolDetail>(
      env.t.app,
      updateProtocol,
      {
        protocolId: protocol.protocolId,
        version: protocol.version,
        protocolName: 'Renamed',
        protocolCode: code,
        description: 'new',
      },
      env.maker,
    );
    expect(updated.body.objectResult).toMatchObject({
      protocolName: 'Renamed',
      protocolCode: code,
      description: 'new',
      createTime: protocol.createTime,
    });
    expect(updated.body.objectResult!.updateTime > protocol.updateTime).toBe(true);
  });

  it('answers NOT_FOUND for unknown and non-numeric ids', async () => {
    for (const protocolId of ['999999999', 'abc', '1 or 1=1']) {
      expect((await call(env.t.app, protocolById, { protocolId }, env.maker)).body.error_code).toBe(
        ErrorCode.NOT_FOUND,
      );
      expect((await call(env.t.app, deleteProtocol, { protocolId, version: 1 }, env.maker)).body.error_code).toBe(
        ErrorCode.NOT_FOUND,
      );
    }
    expect(
      (await call(env.t.app, updateProtocolVersion, { versionId: 'x1', versionName: 'V1', description: '' }, env.maker))
        .body.error_code,
    ).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses to delete a protocol products use (PROTOCOL_IN_USE), deletes an unused one with its versions and points', async () => {
    const demo = await env.t.db
      .selectFrom('protocols')
      .select('id')
      .where('code', '=', 'HP-STD')
      .executeTakeFirstOrThrow();
    const refused = await call(env.t.app, deleteProtocol, { protocolId: demo.id, version: 1 }, env.maker);
    expect(refused.body).toEqual({
      error_code: ErrorCode.PROTOCOL_IN_USE,
      error_msg: 'This protocol is used by 1 product(s); change them first',
      objectResult: null,
    });
    const protocol = await newProtocol(env);
    expect(
      (await call(env.t.app, addPoint, { versionId: protocol.versionId, point: pointBody(1, 'a') }, env.maker)).body
        .error_code,
    ).toBe(0);
    expect(
      (await call(env.t.app, deleteProtocol, { protocolId: protocol.protocolId, version: protocol.version }, env.maker))
        .body.error_code,
    ).toBe(0);
    expect(await protocolRow(protocol.protocolId)).toBeUndefined();
    expect(
      await env.t.db.selectFrom('protocol_points').select('id').where('version_id', '=', protocol.versionId).execute(),
    ).toEqual([]);
  });

  it('offers every protocol with its versions without a button scope', async () => {
    const protocol = await newProtocol(env);
    const options = await call<Array<{ id: string; code: string; versions: Array<{ id: string; name: string }> }>>(
      env.t.app,
      protocolOptions,
      {},
      { sessionid: env.reader.sessionid },
    );
    expect(options.body.error_code).toBe(0);
    expect(options.body.objectResult!.find((p) => p.id === protocol.protocolId)).toMatchObject({
      code: protocol.protocolCode,
      versions: [{ id: protocol.versionId, name: 'V1.0' }],
    });
  });
});

describe('protocol versions', () => {
  it('adds a version that copies the points of another, newest first in the detail', async () => {
    const protocol = await newProtocol(env);
    for (const [address, code] of [
      [1, 'a'],
      [2, 'b'],
    ] as const) {
      expect(
        (
          await call(
            env.t.app,
            addPoint,
            {
              versionId: protocol.versionId,
              point: pointBody(address, code, { valueRange: address === 2 ? '0..$1$' : '' }),
            },
            env.maker,
          )
        ).body.error_code,
      ).toBe(0);
    }
    const copied = await call<ProtocolVersion>(
      env.t.app,
      addProtocolVersion,
      { protocolId: protocol.protocolId, versionName: 'V1.1', copyFromVersionId: protocol.versionId },
      env.maker,
    );
    expect(copied.body.objectResult).toMatchObject({ versionName: 'V1.1', pointCount: 2, creator: env.makerName });
    const points = await call<{ list: ProtocolPoint[] }>(
      env.t.app,
      listPoints,
      { versionId: copied.body.objectResult!.versionId },
      env.maker,
    );
    expect(points.body.objectResult!.list.map((p) => [p.address, p.pointCode, p.valueRange])).toEqual([
      [1, 'a', ''],
      [2, 'b', '0..$1$'],
    ]);
    const empty = await call<ProtocolVersion>(
      env.t.app,
      addProtocolVersion,
      { protocolId: protocol.protocolId, versionName: 'V2.0' },
      env.maker,
    );
    expect(empty.body.objectResult!.pointCount).toBe(0);
    const detail = await call<ProtocolDetail>(env.t.app, protocolById, { protocolId: protocol.protocolId }, env.maker);
    expect(detail.body.objectResult!.versions.map((v) => v.versionName)).toEqual(['V2.0', 'V1.1', 'V1.0']);
    expect(detail.body.objectResult!.versionCount).toBe(3);
  });

  it('refuses to copy a version of another protocol and a taken name', async () => {
    const one = await newProtocol(env);
    const other = await newProtocol(env);
    const foreign = await call(
      env.t.app,
      addProtocolVersion,
      { protocolId: one.protocolId, versionName: 'V9', copyFromVersionId: other.versionId },
      env.maker,
    );
    expect(foreign.body.error_code).toBe(ErrorCode.NOT_FOUND);
    const taken = await call(
      env.t.app,
      addProtocolVersion,
      { protocolId: one.protocolId, versionName: 'v1.0' },
      env.maker,
    );
    expect(taken.body.error_code).toBe(ErrorCode.VERSION_NAME_TAKEN);
    const second = await call<ProtocolVersion>(
      env.t.app,
      addProtocolVersion,
      { protocolId: one.protocolId, versionName: 'V2' },
      env.maker,
    );
    const renamed = await call(
      env.t.app,
      updateProtocolVersion,
      { versionId: second.body.objectResult!.versionId, versionName: 'V1.0', description: '' },
      env.maker,
    );
    expect(renamed.body.error_code).toBe(ErrorCode.VERSION_NAME_TAKEN);
    const fine = await call<ProtocolVersion>(
      env.t.app,
      updateProtocolVersion,
      { versionId: second.body.objectResult!.versionId, versionName: 'V2.1', description: 'beta' },
      env.maker,
    );
    expect(fine.body.objectResult).toMatchObject({ versionName: 'V2.1', description: 'beta' });
    expect(
      (await call<ProtocolDetail>(env.t.app, protocolById, { protocolId: one.protocolId }, env.maker)).body
        .objectResult!.versionCount,
    ).toBe(2);
  });

  it('deletes a version but never the last one (VERSION_LAST)', async () => {
    const protocol = await newProtocol(env);
    const last = await call(
      env.t.app,
      deleteProtocolVersion,
      { versionId: protocol.versionId },
      { ...env.maker, language: 'zh_CN' },
    );
    expect(last.body.error_code).toBe(ErrorCode.VERSION_LAST);
    const second = await call<ProtocolVersion>(
      env.t.app,
      addProtocolVersion,
      { protocolId: protocol.protocolId, versionName: 'V2' },
      env.maker,
    );
    expect(
      (await call(env.t.app, deleteProtocolVersion, { versionId: protocol.versionId }, env.maker)).body.error_code,
    ).toBe(0);
    const detail = await call<ProtocolDetail>(env.t.app, protocolById, { protocolId: protocol.protocolId }, env.maker);
    expect(detail.body.objectResult!.versions.map((v) => v.versionId)).toEqual([second.body.objectResult!.versionId]);
  });

  it('refuses to delete the version devices read their frames with, quoting their count; an older one goes', async () => {
    const protocol = await newProtocol(env);
    const product = await newProduct(env.t.db);
    await env.t.db
      .updateTable('products')
      .set({ message_type: 'pm', data_format: 'custom', protocol_id: protocol.protocolId })
      .where('id', '=', product)
      .execute();
    for (let i = 0; i < 3; i += 1) await newDevice(env.t.db, env.maker.dealersId, box, product);
    const newest = (
      await call<ProtocolVersion>(
        env.t.app,
        addProtocolVersion,
        { protocolId: protocol.protocolId, versionName: 'V2' },
        env.maker,
      )
    ).body.objectResult!;
    const refused = await call(env.t.app, deleteProtocolVersion, { versionId: newest.versionId }, env.maker);
    expect(refused.body).toMatchObject({
      error_code: ErrorCode.PROTOCOL_VERSION_IN_USE,
      error_msg:
        '3 device(s) read their data with this version (the newest of the protocol); add a newer version or change their products first',
    });
    const zh = await call(
      env.t.app,
      deleteProtocolVersion,
      { versionId: newest.versionId },
      { ...env.maker, language: 'zh_CN' },
    );
    expect(zh.body.error_msg).toBe('有 3 台设备正按该版本（协议的最新版本）解析数据，请先新增更新的版本或修改其产品');
    // The first version is no longer the one they read: it can go.
    expect(
      (await call(env.t.app, deleteProtocolVersion, { versionId: protocol.versionId }, env.maker)).body.error_code,
    ).toBe(0);
    const detail = await call<ProtocolDetail>(env.t.app, protocolById, { protocolId: protocol.protocolId }, env.maker);
    expect(detail.body.objectResult!.versions.map((v) => v.versionId)).toEqual([newest.versionId]);
  });
});

describe('catalog access', () => {
  it('lets a level-1 company read protocols but not change them', async () => {
    const protocol = await newProtocol(env);
    expect((await call(env.t.app, listProtocols, {}, env.reader)).body.error_code).toBe(0);
    const writes = [
      call(env.t.app, addProtocol, { protocolName: 'X', protocolCode: uniqueName('T') }, env.reader),
      call(
        env.t.app,
        updateProtocol,
        {
          protocolId: protocol.protocolId,
          version: protocol.version,
          protocolName: 'X',
          protocolCode: uniqueName('T'),
          description: '',
        },
        env.reader,
      ),
      call(env.t.app, deleteProtocol, { protocolId: protocol.protocolId, version: protocol.version }, env.reader),
      call(env.t.app, addProtocolVersion, { protocolId: protocol.protocolId, versionName: 'V5' }, env.reader),
      call(env.t.app, deleteProtocolVersion, { versionId: protocol.versionId }, env.reader),
      call(env.t.app, addPoint, { versionId: protocol.versionId, point: pointBody(1, 'a') }, env.reader),
    ];
    for (const answer of await Promise.all(writes)) expect(answer.body.error_code).toBe(ErrorCode.CATALOG_READ_ONLY);
    expect((await protocolRow(protocol.protocolId))!.name).toBe('Test_protocol');
  });
});
