import {
  ErrorCode,
  addDataType,
  addPoint,
  dataTypeOptions,
  deleteDataType,
  listDataTypes,
  updateDataType,
  type DataTypeRecord,
  type ProtocolPoint,
} from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.ts';
import { newProtocol, pointBody, uniqueName, useCatalogApp } from '../../../test/catalog-setup.ts';

const env = useCatalogApp();

type Page = { list: DataTypeRecord[]; totalSize: number };
const dataTypeRow = (id: string) =>
  env.t.db.selectFrom('data_types').selectAll().where('id', '=', id).executeTakeFirst();
const rowsNamed = (name: string) => env.t.db.selectFrom('data_types').select('id').where('name', '=', name).execute();
const body = (overrides: Record<string, unknown> = {}) => ({
  dataTypeName: uniqueName('DT'),
  reportRule: 'x / 10',
  sendRule: 'x * 10',
  description: 'one decimal',
  signed: true,
  sortOrder: 3,
  ...overrides,
});

async function added(overrides: Record<string, unknown> = {}): Promise<DataTypeRecord> {
  const answer = await call<DataTypeRecord>(env.t.app, addDataType, body(overrides), env.maker);
  expect(answer.body.error_code).toBe(0);
  return answer.body.objectResult!;
}

describe('data types', () => {
  it('creates a data type with its rules, creator and times; blank rules mean the identity', async () => {
    const input = body();
    const created = await call<DataTypeRecord>(env.t.app, addDataType, input, env.maker);
    expect(created.body.objectResult).toMatchObject({
      ...input,
      pointCount: 0,
      creator: env.makerName,
      modifier: env.makerName,
    });
    const identity = await added({ reportRule: '  ', sendRule: '', signed: false });
    expect(identity).toMatchObject({ reportRule: '', sendRule: '', signed: false, description: 'one decimal' });
    const withRefs = await added({ reportRule: 'x > $20$ ? $20$ : round(x / 10, 1)' });
    expect(withRefs.reportRule).toBe('x > $20$ ? $20$ : round(x / 10, 1)');
  });

  it('refuses a rule that does not parse, naming the rule and the problem in both languages, and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { reportRule: 'x /' },
        'The report parse rule does not parse: the formula ends too early',
        '上报解析规则无法解析：公式不完整',
      ],
      [
        { sendRule: 'x ** 2' },
        "The send parse rule does not parse: unexpected '*' at position 4",
        "下发解析规则无法解析：第 4 位出现意外的 '*'",
      ],
      [
        { reportRule: 'y + 1' },
        "The report parse rule does not parse: unknown name 'y' at position 1; only x and $address$ are values",
        "上报解析规则无法解析：第 1 位的名称 'y' 未知；只能使用 x 和 $地址$ 作为取值",
      ],
      [
        { reportRule: 'x # 2' },
        "The report parse rule does not parse: unexpected character '#' at position 3",
        "上报解析规则无法解析：第 3 位出现意外字符 '#'",
      ],
      [
        { sendRule: 'eval(x)' },
        "The send parse rule does not parse: unknown function 'eval' at position 1",
        "下发解析规则无法解析：第 1 位的函数 'eval' 未知",
      ],
      [
        { sendRule: 'x * abs(1, 2)' },
        'The send parse rule does not parse: abs() is given the wrong number of arguments (position 5)',
        '下发解析规则无法解析：abs() 的参数个数不对（第 5 位）',
      ],
    ];
    for (const [rules, en, zh] of cases) {
      const input = body(rules);
      // The refusal is also placed on the rule's field.
      const field = Object.keys(rules)[0]!;
      const refusedEn = await call(env.t.app, addDataType, input, env.maker);
      expect(refusedEn.body).toEqual({
        error_code: ErrorCode.FORMULA_INVALID,
        error_msg: en,
        objectResult: { fieldErrors: [{ field, message: en }] },
      });
      const refusedZh = await call(env.t.app, addDataType, input, { ...env.maker, language: 'zh_CN' });
      expect(refusedZh.body).toEqual({
        error_code: ErrorCode.FORMULA_INVALID,
        error_msg: zh,
        objectResult: { fieldErrors: [{ field, message: zh }] },
      });
      expect(await rowsNamed(input.dataTypeName)).toEqual([]);
    }
  });

  it('refuses an English name another data type has, ignoring case, in both languages; an empty one is no claim', async () => {
    const enName = uniqueName('Tenths');
    const first = await added({ dataTypeEnName: enName });
    const taken = { dataTypeEnName: enName.toUpperCase() };
    const en = await call(env.t.app, addDataType, body(taken), env.maker);
    expect(en.body).toEqual({
      error_code: ErrorCode.DATA_TYPE_EN_NAME_TAKEN,
      error_msg: 'Another data type already has this English name',
      objectResult: null,
    });
    const zh = await call(env.t.app, addDataType, body(taken), { ...env.maker, language: 'zh_CN' });
    expect(zh.body.error_msg).toBe('数据类型英文名称已存在');
    const second = await added({ dataTypeEnName: '' });
    await added({ dataTypeEnName: '' });
    const renamed = await call(env.t.app, updateDataType, { ...body(taken), dataTypeId: second.dataTypeId }, env.maker);
    expect(renamed.body.error_code).toBe(ErrorCode.DATA_TYPE_EN_NAME_TAKEN);
    // Its own English name is no conflict when the record is edited.
    const kept = await call(
      env.t.app,
      updateDataType,
      { ...body({ dataTypeName: first.dataTypeName, dataTypeEnName: enName }), dataTypeId: first.dataTypeId },
      env.maker,
    );
    expect(kept.body.error_code).toBe(0);
  });

  it('refuses an edit with a broken rule and keeps the stored rules', async () => {
    const dataType = await added();
    const before = await dataTypeRow(dataType.dataTypeId);
    const refused = await call(
      env.t.app,
      updateDataType,
      { ...body({ sendRule: '(x * 10' }), dataTypeId: dataType.dataTypeId },
      env.maker,
    );
    expect(refused.body.error_msg).toBe('The send parse rule does not parse: the formula ends too early');
    expect(await dataTypeRow(dataType.dataTypeId)).toEqual(before);
  });

  it('refuses bad fields with readable messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ dataTypeName: '' }, 'Please enter the data type name (at most 30 characters)'],
      [{ dataTypeName: 'n'.repeat(31) }, 'Please enter the data type name (at most 30 characters)'],
      [{ reportRule: `x${' + 1'.repeat(50)}` }, 'The formula can be at most 200 characters'],
      [{ sortOrder: -1 }, 'The sort order is a whole number from 0 to 9999'],
      [{ sortOrder: 10000 }, 'The sort order is a whole number from 0 to 9999'],
      [{ sortOrder: 1.5 }, 'The sort order is a whole number from 0 to 9999'],
      [{ signed: 'yes' }, 'Signed must be yes or no'],
      [{ description: 'd'.repeat(201) }, 'The description is too long'],
    ];
    for (const [overrides, message] of cases) {
      const input = body(overrides);
      const refused = await call(env.t.app, addDataType, input, env.maker);
      expect(refused.body.error_code, JSON.stringify(overrides)).toBe(ErrorCode.BAD_REQUEST);
      expect(refused.body.error_msg).toContain(message);
      expect(await rowsNamed(String(input.dataTypeName))).toEqual([]);
    }
  });

  it('refuses a negative sort order on its field, in both languages, instead of storing 0', async () => {
    for (const [language, message] of [
      ['en_US', 'The sort order is a whole number from 0 to 9999'],
      ['zh_CN', '排序须为 0 到 9999 的整数'],
    ]) {
      const input = body({ sortOrder: -5 });
      const refused = await call(env.t.app, addDataType, input, { ...env.maker, language });
      expect(refused.body).toMatchObject({
        error_code: ErrorCode.BAD_REQUEST,
        objectResult: { fieldErrors: [{ field: 'sortOrder', message }] },
      });
      expect(await rowsNamed(String(input.dataTypeName))).toEqual([]);
    }
  });

  it("refuses a name already taken, ignoring case ('data type name already exists')", async () => {
    const dataType = await added();
    const en = await call(
      env.t.app,
      addDataType,
      body({ dataTypeName: dataType.dataTypeName.toLowerCase() }),
      env.maker,
    );
    expect(en.body).toEqual({
      error_code: ErrorCode.DATA_TYPE_NAME_TAKEN,
      error_msg: 'Data type name already exists',
      objectResult: null,
    });
    const other = await added();
    const zh = await call(
      env.t.app,
      updateDataType,
      { ...body({ dataTypeName: dataType.dataTypeName.toUpperCase() }), dataTypeId: other.dataTypeId },
      { ...env.maker, language: 'zh_CN' },
    );
    expect(zh.body).toEqual({
      error_code: ErrorCode.DATA_TYPE_NAME_TAKEN,
      error_msg: '数据类型名称已存在',
      objectResult: null,
    });
    expect((await dataTypeRow(other.dataTypeId))!.name).toBe(other.dataTypeName);
  });

  it('edits every field: the modifier and update time move, the create time stays', async () => {
    const dataType = await added();
    const before = (await dataTypeRow(dataType.dataTypeId))!;
    const input = {
      dataTypeId: dataType.dataTypeId,
      ...body({ reportRule: 'x / 100', sendRule: 'x * 100', signed: false, sortOrder: 7, description: 'two decimals' }),
    };
    const edited = await call<DataTypeRecord>(env.t.app, updateDataType, input, env.maker);
    expect(edited.body.objectResult).toMatchObject({
      ...input,
      createTime: before.created_at.toISOString(),
      modifier: env.makerName,
    });
    expect(new Date(edited.body.objectResult!.updateTime).getTime()).toBeGreaterThan(before.updated_at.getTime());
  });

  it('lists by sort order then name, searches, pages, and the options follow the same order', async () => {
    const mark = uniqueName('Ord');
    const late = await added({ dataTypeName: `${mark}a`, sortOrder: 9 });
    const earlyB = await added({ dataTypeName: `${mark}c`, sortOrder: 1 });
    const earlyA = await added({ dataTypeName: `${mark}b`, sortOrder: 1 });
    const page = await call<Page>(env.t.app, listDataTypes, { dataTypeName: mark.toLowerCase() }, env.maker);
    expect(page.body.objectResult!.list.map((d) => d.dataTypeId)).toEqual([
      earlyA.dataTypeId,
      earlyB.dataTypeId,
      late.dataTypeId,
    ]);
    const second = await call<Page>(
      env.t.app,
      listDataTypes,
      { dataTypeName: mark, pageSize: 2, pageIndex: 2 },
      env.maker,
    );
    expect(second.body.objectResult).toMatchObject({ totalSize: 3, list: [{ dataTypeId: late.dataTypeId }] });
    const options = (await call<DataTypeRecord[]>(env.t.app, dataTypeOptions, {}, env.maker)).body.objectResult!;
    expect(options.filter((d) => d.dataTypeName.startsWith(mark)).map((d) => d.dataTypeId)).toEqual([
      earlyA.dataTypeId,
      earlyB.dataTypeId,
      late.dataTypeId,
    ]);
    const keys = options.map((d) => [d.sortOrder, d.dataTypeName] as const);
    for (let i = 1; i < keys.length; i += 1) expect(keys[i - 1]![0]).toBeLessThanOrEqual(keys[i]![0]);
  });

  it('refuses to delete a data type that points use (with the count), then deletes it once they are gone', async () => {
    const dataType = await added();
    const { versionId } = await newProtocol(env);
    const addUsing = async (address: number) =>
      (
        await call<ProtocolPoint>(
          env.t.app,
          addPoint,
          { versionId, point: pointBody(address, `p${address}`, { dataTypeId: dataType.dataTypeId }) },
          env.maker,
        )
      ).body.objectResult!.pointId;
    const points = [await addUsing(1), await addUsing(2)];
    const listed = await call<Page>(env.t.app, listDataTypes, { dataTypeName: dataType.dataTypeName }, env.maker);
    expect(listed.body.objectResult!.list[0]!.pointCount).toBe(2);
    const en = await call(env.t.app, deleteDataType, { dataTypeId: dataType.dataTypeId }, env.maker);
    expect(en.body).toEqual({
      error_code: ErrorCode.DATA_TYPE_IN_USE,
      error_msg: 'This data type is used by 2 point(s); change them first',
      objectResult: null,
    });
    const zh = await call(
      env.t.app,
      deleteDataType,
      { dataTypeId: dataType.dataTypeId },
      { ...env.maker, language: 'zh_CN' },
    );
    expect(zh.body.error_msg).toBe('该数据类型正被 2 个点位使用，请先修改这些点位');
    expect(await dataTypeRow(dataType.dataTypeId)).toBeDefined();
    await env.t.db.deleteFrom('protocol_points').where('id', 'in', points).execute();
    expect(
      (await call(env.t.app, deleteDataType, { dataTypeId: dataType.dataTypeId }, env.maker)).body.error_code,
    ).toBe(0);
    expect(await dataTypeRow(dataType.dataTypeId)).toBeUndefined();
  });

  it('answers NOT_FOUND for an id that is not digits or does not exist', async () => {
    for (const dataTypeId of ['x1', '999999999']) {
      expect((await call(env.t.app, updateDataType, { ...body(), dataTypeId }, env.maker)).body.error_code).toBe(
        ErrorCode.NOT_FOUND,
      );
      expect((await call(env.t.app, deleteDataType, { dataTypeId }, env.maker)).body.error_code).toBe(
        ErrorCode.NOT_FOUND,
      );
    }
  });

  it('a level-1 company reads the data types but cannot change them (CATALOG_READ_ONLY)', async () => {
    const dataType = await added();
    expect(
      (await call<Page>(env.t.app, listDataTypes, { dataTypeName: dataType.dataTypeName }, env.reader)).body
        .objectResult!.totalSize,
    ).toBe(1);
    expect((await call(env.t.app, dataTypeOptions, {}, env.reader)).body.error_code).toBe(0);
    const input = body();
    expect((await call(env.t.app, addDataType, input, env.reader)).body.error_code).toBe(ErrorCode.CATALOG_READ_ONLY);
    expect(await rowsNamed(input.dataTypeName)).toEqual([]);
    const before = await dataTypeRow(dataType.dataTypeId);
    const zh = await call(
      env.t.app,
      updateDataType,
      { ...body(), dataTypeId: dataType.dataTypeId },
      { ...env.reader, language: 'zh_CN' },
    );
    expect(zh.body.error_msg).toBe('只有平台运营方（0级）可以修改产品、系列、数据类型和协议');
    expect(
      (await call(env.t.app, deleteDataType, { dataTypeId: dataType.dataTypeId }, env.reader)).body.error_code,
    ).toBe(ErrorCode.CATALOG_READ_ONLY);
    expect(await dataTypeRow(dataType.dataTypeId)).toEqual(before);
  });
});
