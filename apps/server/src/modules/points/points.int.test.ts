import {
  ErrorCode,
  addPoint,
  deletePoint,
  listPointHistory,
  listPoints,
  pointById,
  pointHistoryById,
  protocolById,
  updatePoint,
  type PointHistoryDetail,
  type PointHistoryEntry,
  type ProtocolDetail,
  type ProtocolPoint,
} from '@dcc/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.ts';
import { newProtocol, pointBody, useCatalogApp } from '../../../test/catalog-setup.ts';

const env = useCatalogApp();
let tenths = '';

beforeAll(async () => {
  tenths = (
    await env.t.db.selectFrom('data_types').select('id').where('en_name', '=', 'signed x0.1').executeTakeFirstOrThrow()
  ).id;
});

type Page<T> = { list: T[]; totalSize: number };
const add = (versionId: string, point: Record<string, unknown>, language = 'en_US') =>
  call<ProtocolPoint>(env.t.app, addPoint, { versionId, point }, { ...env.maker, language });
const pointCount = async (versionId: string) =>
  (await env.t.db.selectFrom('protocol_points').select('id').where('version_id', '=', versionId).execute()).length;
const historyCount = async (versionId: string) =>
  (await env.t.db.selectFrom('point_history').select('id').where('version_id', '=', versionId).execute()).length;

const fullPoint = () =>
  pointBody(3, 'setHot', {
    pointName: '热水设定温度',
    pointEnName: 'Hot-water setpoint',
    mode: 'RW',
    clientParam: true,
    endUserDisplay: true,
    codeClass: 'setting',
    dataTypeId: tenths,
    reportFormula: 'x + 1',
    sendFormula: 'x - 1',
    valueRange: '30..$1$',
    unit: '°C',
    defaultValue: 50,
    description: '设定',
    enDescription: 'Setpoint',
    valueKind: 'enum',
    enumItems: [{ value: 0, label: '关', enLabel: 'Off', description: '' }],
  });

describe('points', () => {
  it('adds a point with every field, answers it in detail and in the list, and records the addition', async () => {
    const protocol = await newProtocol(env);
    expect((await add(protocol.versionId, pointBody(1, 'maxSet'))).body.error_code).toBe(0);
    const added = await add(protocol.versionId, fullPoint());
    expect(added.body.error_code).toBe(0);
    const point = added.body.objectResult!;
    expect(point).toMatchObject({
      ...fullPoint(),
      dataTypeName: 'signed x0.1',
      modifier: env.makerName,
      hidden: false,
      highPoint: null,
      binaryItems: [],
    });
    expect((await call(env.t.app, pointById, { pointId: point.pointId }, env.reader)).body.objectResult).toEqual(point);
    const history = await call<Page<PointHistoryEntry>>(
      env.t.app,
      listPointHistory,
      { versionId: protocol.versionId },
      env.maker,
    );
    const entry = history.body.objectResult!.list[0]!;
    expect(entry).toMatchObject({
      action: 'add',
      pointId: point.pointId,
      address: 3,
      pointCode: 'setHot',
      operator: env.makerName,
    });
    const detail = await call<PointHistoryDetail>(
      env.t.app,
      pointHistoryById,
      { historyId: entry.historyId },
      env.maker,
    );
    expect(detail.body.objectResult!.changes).toContainEqual({ field: 'valueRange', before: '', after: '30..$1$' });
    expect(detail.body.objectResult!.changes).toContainEqual({ field: 'dataTypeId', before: '', after: '有符号 ×0.1' });
    expect(detail.body.objectResult!.changes).toContainEqual({
      field: 'enumItems',
      before: '',
      after: JSON.stringify([{ value: 0, label: '关', enLabel: 'Off', description: '' }]),
    });
  });

  it('lists with search over code and names, mode filter, sort and pages', async () => {
    const protocol = await newProtocol(env);
    for (const [address, code, mode, enName] of [
      [5, 'alpha', 'R', 'Inlet'],
      [2, 'beta', 'RW', 'Outlet'],
      [9, 'gamma', 'W', 'Inlet two'],
    ] as const) {
      expect(
        (await add(protocol.versionId, pointBody(address, code, { mode, pointEnName: enName }))).body.error_code,
      ).toBe(0);
    }
    const list = async (filter: Record<string, unknown>) =>
      (await call<Page<ProtocolPoint>>(env.t.app, listPoints, { versionId: protocol.versionId, ...filter }, env.reader))
        .body.objectResult!;
    expect((await list({})).list.map((p) => p.address)).toEqual([2, 5, 9]);
    expect((await list({ search: 'inlet' })).list.map((p) => p.pointCode)).toEqual(['alpha', 'gamma']);
    expect((await list({ search: '点位9' })).list.map((p) => p.pointCode)).toEqual(['gamma']);
    expect((await list({ mode: 'RW' })).list.map((p) => p.pointCode)).toEqual(['beta']);
    const page = await list({ sortField: 'pointCode', sortOrder: 'descend', pageSize: 2, pageIndex: 1 });
    expect(page).toMatchObject({ totalSize: 3, list: [{ pointCode: 'gamma' }, { pointCode: 'beta' }] });
    expect((await call(env.t.app, listPoints, { versionId: '98765432' }, env.maker)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('refuses points that do not fit the table, naming point and field, and stores nothing', async () => {
    const protocol = await newProtocol(env);
    expect((await add(protocol.versionId, pointBody(1, 'power'))).body.error_code).toBe(0);
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [pointBody(1, 'other'), ErrorCode.POINT_INVALID, 'Point 1 (other): address 1 is already used by another point'],
      [
        pointBody(2, 'power'),
        ErrorCode.POINT_INVALID,
        'Point 2 (power): point code power is already used by another point',
      ],
      [
        pointBody(2, 'p2', { valueRange: '0..$99$' }),
        ErrorCode.POINT_INVALID,
        'Point 2 (p2): Value range references point 99, which does not exist',
      ],
      [
        pointBody(2, 'p2', { reportFormula: 'x * (2' }),
        ErrorCode.POINT_INVALID,
        'Point 2 (p2): Report formula does not parse: the formula ends too early',
      ],
      [
        pointBody(2, 'p2', { reportFormula: 'x +* 2' }),
        ErrorCode.POINT_INVALID,
        '点位 2 (p2)：上报公式无法解析',
        'zh_CN',
      ],
      [
        pointBody(2, 'p2', { valueRange: '9..1' }),
        ErrorCode.POINT_INVALID,
        'Point 2 (p2): the value range must read min..max',
      ],
      [
        pointBody(2, 'p2', { highLow: true, byteLength: 2, highPoint: 2, lowPoint: 3 }),
        ErrorCode.POINT_INVALID,
        'Point 2 (p2): Byte length does not fit a high/low pair',
      ],
      [
        pointBody(2, 'p2', { highLow: true, byteLength: 4, highPoint: 2, lowPoint: 1 }),
        ErrorCode.POINT_INVALID,
        'Point 2 (p2): Low point does not fit a high/low pair',
      ],
      [
        pointBody(2, 'p2', { dataTypeId: '987654321' }),
        ErrorCode.POINT_INVALID,
        'Point 2 (p2): the data type does not exist',
      ],
      [pointBody(2, 'p2', { valueKind: 'enum', enumItems: [] }), ErrorCode.BAD_REQUEST, 'Add at least one enum item'],
      [
        pointBody(2, 'p2', { faultType: true }),
        ErrorCode.BAD_REQUEST,
        'A fault-type point needs at least one fault definition',
      ],
      [
        pointBody(2, 'p2', { faultType: true, faultDefinitions: [{ faultCode: 'E1', level: 2, bit: 0, value: 3 }] }),
        ErrorCode.POINT_INVALID,
        'either a bit within the byte length or a value',
      ],
      [
        pointBody(2, 'p2', { valueKind: 'binary', binaryItems: [{ bit: 32, code: 'x', content: 'X' }] }),
        ErrorCode.BAD_REQUEST,
        'The bit is a whole number from 0 to 31',
      ],
      [
        pointBody(2, 'p2', { byteLength: 1, valueKind: 'binary', binaryItems: [{ bit: 9, code: 'x', content: 'X' }] }),
        ErrorCode.POINT_INVALID,
        'every binary item needs a bit of its own',
      ],
      [pointBody(2, 'bad code'), ErrorCode.BAD_REQUEST, 'The point code starts with a letter'],
    ];
    for (const [point, code, message, language] of cases) {
      const refused = await add(protocol.versionId, point, language);
      expect(refused.body.error_code, message).toBe(code);
      expect(refused.body.error_msg).toContain(message);
    }
    expect(await pointCount(protocol.versionId)).toBe(1);
    expect(await historyCount(protocol.versionId)).toBe(1);
  });

  it('puts a refusal about the saved point on its field: a negative address (BAD_REQUEST) and an address already used (POINT_INVALID), in both languages', async () => {
    const protocol = await newProtocol(env);
    expect((await add(protocol.versionId, pointBody(1, 'power'))).body.error_code).toBe(0);
    const negative = await add(protocol.versionId, pointBody(-1, 'below'));
    expect(negative.body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: {
        fieldErrors: [{ field: 'point.address', message: 'The point address is a whole number from 0 to 65535' }],
      },
    });
    const negativeZh = await add(protocol.versionId, pointBody(-1, 'below'), 'zh_CN');
    expect(negativeZh.body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field: 'point.address', message: '点位地址须为 0 到 65535 的整数' }] },
    });
    const taken = await add(protocol.versionId, pointBody(1, 'other'));
    expect(taken.body).toMatchObject({
      error_code: ErrorCode.POINT_INVALID,
      objectResult: {
        fieldErrors: [
          { field: 'point.address', message: 'Point 1 (other): address 1 is already used by another point' },
        ],
      },
    });
    expect(await pointCount(protocol.versionId)).toBe(1);
  });

  it('names a data type whose stored rule does not parse', async () => {
    const protocol = await newProtocol(env);
    const broken = await env.t.db
      .insertInto('data_types')
      .values({ name: `broken ${Date.now()}`, report_rule: 'x +' })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    const refused = await add(protocol.versionId, pointBody(1, 'a', { dataTypeId: broken.id }));
    expect(refused.body.error_code).toBe(ErrorCode.POINT_INVALID);
    expect(refused.body.error_msg).toBe(
      `Data type ${broken.name}: the report parse rule does not parse: the formula ends too early`,
    );
    await env.t.db.deleteFrom('data_types').where('id', '=', broken.id).execute();
  });

  it('updates a point, records a field-by-field diff and moves the protocol modifier and update time', async () => {
    const protocol = await newProtocol(env);
    await add(protocol.versionId, pointBody(1, 'maxSet'));
    const point = (await add(protocol.versionId, pointBody(2, 'setHot', { valueRange: '0..$1$', unit: 'C' }))).body
      .objectResult!;
    const updated = await call<ProtocolPoint>(
      env.t.app,
      updatePoint,
      {
        pointId: point.pointId,
        version: point.version,
        point: pointBody(2, 'setHot', { valueRange: '10..$1$', unit: '', hidden: true }),
      },
      env.maker,
    );
    expect(updated.body.objectResult).toMatchObject({
      valueRange: '10..$1$',
      unit: '',
      hidden: true,
      createTime: point.createTime,
    });
    const history = await call<Page<PointHistoryEntry>>(
      env.t.app,
      listPointHistory,
      { versionId: protocol.versionId, action: 'update' },
      env.maker,
    );
    expect(history.body.objectResult!.list).toHaveLength(1);
    const entry = history.body.objectResult!.list[0]!;
    expect(entry.changedFields).toEqual(['hidden', 'valueRange', 'unit']);
    const detail = await call<PointHistoryDetail>(
      env.t.app,
      pointHistoryById,
      { historyId: entry.historyId },
      env.maker,
    );
    expect(detail.body.objectResult!.changes).toEqual([
      { field: 'hidden', before: 'false', after: 'true' },
      { field: 'valueRange', before: '0..$1$', after: '10..$1$' },
      { field: 'unit', before: 'C', after: '' },
    ]);
    const after = (await call<ProtocolDetail>(env.t.app, protocolById, { protocolId: protocol.protocolId }, env.maker))
      .body.objectResult!;
    expect(after.modifier).toBe(env.makerName);
    expect(after.updateTime > protocol.updateTime).toBe(true);
  });

  it('refuses an update that breaks a reference of another point, keeping the point as it was', async () => {
    const protocol = await newProtocol(env);
    const target = (await add(protocol.versionId, pointBody(1, 'maxSet'))).body.objectResult!;
    await add(protocol.versionId, pointBody(2, 'setHot', { valueRange: '0..$1$' }));
    const refused = await call(
      env.t.app,
      updatePoint,
      { pointId: target.pointId, version: target.version, point: pointBody(7, 'maxSet') },
      env.maker,
    );
    expect(refused.body.error_code).toBe(ErrorCode.POINT_INVALID);
    expect(refused.body.error_msg).toBe('Point 2 (setHot): Value range references point 1, which does not exist');
    expect(
      (await call<ProtocolPoint>(env.t.app, pointById, { pointId: target.pointId }, env.maker)).body.objectResult!
        .address,
    ).toBe(1);
  });

  it('refuses to delete a point others reference, naming them; deletes it once they are gone', async () => {
    const protocol = await newProtocol(env);
    const target = (await add(protocol.versionId, pointBody(1, 'maxSet'))).body.objectResult!;
    const user = (await add(protocol.versionId, pointBody(2, 'setHot', { reportFormula: 'x + $1$' }))).body
      .objectResult!;
    const refused = await call(env.t.app, deletePoint, { pointId: target.pointId, version: target.version }, env.maker);
    expect(refused.body).toEqual({
      error_code: ErrorCode.POINT_INVALID,
      error_msg: 'Point 1 (maxSet) cannot be deleted: 2 (setHot) still reference it',
      objectResult: null,
    });
    expect(
      (await call(env.t.app, deletePoint, { pointId: user.pointId, version: user.version }, env.maker)).body.error_code,
    ).toBe(0);
    expect(
      (await call(env.t.app, deletePoint, { pointId: target.pointId, version: target.version }, env.maker)).body
        .error_code,
    ).toBe(0);
    expect(await pointCount(protocol.versionId)).toBe(0);
    const deletions = await call<Page<PointHistoryEntry>>(
      env.t.app,
      listPointHistory,
      { versionId: protocol.versionId, action: 'delete' },
      env.maker,
    );
    expect(deletions.body.objectResult!.list.map((e) => [e.pointCode, e.pointId])).toEqual([
      ['maxSet', ''],
      ['setHot', ''],
    ]);
    const detail = await call<PointHistoryDetail>(
      env.t.app,
      pointHistoryById,
      { historyId: deletions.body.objectResult!.list[1]!.historyId },
      env.maker,
    );
    expect(detail.body.objectResult!.changes).toContainEqual({ field: 'reportFormula', before: 'x + $1$', after: '' });
    const searched = await call<Page<PointHistoryEntry>>(
      env.t.app,
      listPointHistory,
      { versionId: protocol.versionId, search: 'sethot' },
      env.maker,
    );
    expect(searched.body.objectResult!.list.map((e) => e.action)).toEqual(['delete', 'add']);
  });

  it('lets only one of two simultaneous writers take an address', async () => {
    const protocol = await newProtocol(env);
    const answers = await Promise.all([
      add(protocol.versionId, pointBody(8, 'first')),
      add(protocol.versionId, pointBody(8, 'second')),
    ]);
    expect(answers.map((a) => a.body.error_code).sort()).toEqual([0, ErrorCode.POINT_INVALID]);
    expect(await pointCount(protocol.versionId)).toBe(1);
  });

  it('refuses a point beyond the largest table (TOO_MANY_POINTS)', async () => {
    const protocol = await newProtocol(env);
    await sql`insert into protocol_points (version_id, address, code, name, mode, byte_length)
      select ${protocol.versionId}, n, 'p' || n, 'P' || n, 'R', 2 from generate_series(1, 5000) as n`.execute(env.t.db);
    const refused = await add(protocol.versionId, pointBody(6000, 'extra'));
    expect(refused.body).toEqual({
      error_code: ErrorCode.TOO_MANY_POINTS,
      error_msg: 'A version can hold at most 5000 points',
      objectResult: null,
    });
  });

  it('answers NOT_FOUND for unknown ids and keeps a level-1 company to reading', async () => {
    for (const id of ['0', '77777777', 'x']) {
      expect((await call(env.t.app, pointById, { pointId: id }, env.maker)).body.error_code).toBe(ErrorCode.NOT_FOUND);
      expect((await call(env.t.app, deletePoint, { pointId: id, version: 1 }, env.maker)).body.error_code).toBe(
        ErrorCode.NOT_FOUND,
      );
      expect((await call(env.t.app, pointHistoryById, { historyId: id }, env.maker)).body.error_code).toBe(
        ErrorCode.NOT_FOUND,
      );
    }
    expect((await add('55555555', pointBody(1, 'a'))).body.error_code).toBe(ErrorCode.NOT_FOUND);
    const protocol = await newProtocol(env);
    const point = (await add(protocol.versionId, pointBody(1, 'a'))).body.objectResult!;
    expect(
      (
        await call(
          env.t.app,
          updatePoint,
          { pointId: point.pointId, version: point.version, point: pointBody(1, 'b') },
          env.reader,
        )
      ).body.error_code,
    ).toBe(ErrorCode.CATALOG_READ_ONLY);
    expect(
      (await call(env.t.app, deletePoint, { pointId: point.pointId, version: point.version }, env.reader)).body
        .error_code,
    ).toBe(ErrorCode.CATALOG_READ_ONLY);
    expect(
      (await call(env.t.app, listPointHistory, { versionId: protocol.versionId }, env.reader)).body.error_code,
    ).toBe(0);
  });
});
