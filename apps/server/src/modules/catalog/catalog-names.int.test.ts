import {
  ErrorCode,
  OTHER_LANGUAGE_MARK,
  addDataType,
  addPoint,
  addProduct,
  addSeries,
  dataTypeOptions,
  listPoints,
  listSeries,
  productById,
  protocolOptions,
  seriesOptions,
  updateDataType,
  updateProtocol,
  updateSeries,
  type CatalogOption,
  type DataTypeRecord,
  type Product,
  type ProtocolPoint,
  type Series,
} from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.ts';
import { newProtocol, pointBody, uniqueName, useCatalogApp } from '../../../test/catalog-setup.ts';

/**
 * Issue 20, data in both languages: series, data types and protocols carry a Chinese and an English
 * name; wherever another record names them (a product's series and protocol, a point's data type, the
 * selects) the server answers the reader's language, and one without the reader's falls back to the
 * other marked (localName's OTHER_LANGUAGE_MARK), the same in every answer.
 */

const env = useCatalogApp();
const ZH = { language: 'zh_CN' };
const EN = { language: 'en_US' };
const as = (language: { language: string }) => ({ ...env.maker, ...language });

async function ok<T>(answer: Promise<{ body: { error_code: number; objectResult: unknown } }>): Promise<T> {
  const { body } = await answer;
  expect(body.error_code, JSON.stringify(body)).toBe(0);
  return body.objectResult as T;
}

const newSeries = (seriesName: string, seriesEnName?: string) =>
  ok<Series>(
    call(env.t.app, addSeries, { seriesName, ...(seriesEnName === undefined ? {} : { seriesEnName }) }, env.maker),
  );

/** Adds a product of the series (and protocol) given; answers a reader of it in a language. */
async function productReader(fields: Record<string, string>) {
  const body = { productName: uniqueName('Prod'), networkMethod: 'wifi', nodeType: 'direct', ...fields };
  const product = await ok<Product>(call(env.t.app, addProduct, body, env.maker));
  return (language: { language: string }) =>
    ok<Product>(call(env.t.app, productById, { id: product.productId }, as(language)));
}

const optionName = (options: CatalogOption[], id: string) => options.find((option) => option.id === id)?.name;

describe('catalog names in both languages', () => {
  it('a series keeps both names; selects and its products name it in the reader language, the other marked when it has none', async () => {
    const stamp = uniqueName('');
    const both = await newSeries(`热泵系列${stamp}`, `Heat pumps ${stamp}`);
    expect(both).toMatchObject({ seriesName: `热泵系列${stamp}`, seriesEnName: `Heat pumps ${stamp}` });
    const chineseOnly = await newSeries(`热水器${stamp}`);
    expect(chineseOnly.seriesEnName).toBe('');

    const zhOptions = await ok<CatalogOption[]>(call(env.t.app, seriesOptions, {}, as(ZH)));
    const enOptions = await ok<CatalogOption[]>(call(env.t.app, seriesOptions, {}, as(EN)));
    expect(optionName(zhOptions, both.seriesId)).toBe(`热泵系列${stamp}`);
    expect(optionName(enOptions, both.seriesId)).toBe(`Heat pumps ${stamp}`);
    expect(optionName(zhOptions, chineseOnly.seriesId)).toBe(`热水器${stamp}`);
    expect(optionName(enOptions, chineseOnly.seriesId)).toBe(`热水器${stamp}${OTHER_LANGUAGE_MARK['en-US']}`);

    const read = await productReader({ seriesId: both.seriesId, dataFormat: 'alink' });
    expect((await read(ZH)).seriesName).toBe(`热泵系列${stamp}`);
    expect((await read(EN)).seriesName).toBe(`Heat pumps ${stamp}`);

    // The list (the editor's page) answers both names as stored; a rename changes both.
    const renamed = await ok<Series>(
      call(
        env.t.app,
        updateSeries,
        { seriesId: chineseOnly.seriesId, seriesName: `热水器${stamp}`, seriesEnName: `Water heaters ${stamp}` },
        env.maker,
      ),
    );
    expect(renamed.seriesEnName).toBe(`Water heaters ${stamp}`);
    const listed = await ok<{ list: Series[] }>(call(env.t.app, listSeries, { seriesName: stamp }, as(ZH)));
    expect(listed.list.map((row) => [row.seriesName, row.seriesEnName]).sort()).toEqual([
      [`热水器${stamp}`, `Water heaters ${stamp}`],
      [`热泵系列${stamp}`, `Heat pumps ${stamp}`],
    ]);
  });

  it('refuses an English name with Chinese characters or over 60 characters, in the reader language, and stores nothing', async () => {
    const seriesName = `系列${uniqueName('')}`;
    for (const seriesEnName of ['热泵 pumps', 'x'.repeat(61)]) {
      const en = await call(env.t.app, addSeries, { seriesName, seriesEnName }, as(EN));
      expect(en.body.error_code).toBe(ErrorCode.BAD_REQUEST);
      expect(en.body.error_msg).toContain('The English name has at most 60 characters and no Chinese characters');
      const zh = await call(env.t.app, addSeries, { seriesName, seriesEnName }, as(ZH));
      expect(zh.body.error_msg).toContain('英文名称最多 60 个字符，不含汉字');
    }
    const protocol = await newProtocol(env);
    const refused = await call(
      env.t.app,
      updateProtocol,
      {
        protocolId: protocol.protocolId,
        version: protocol.version,
        protocolName: protocol.protocolName,
        protocolCode: protocol.protocolCode,
        protocolEnName: '协议',
      },
      as(EN),
    );
    expect(refused.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    const dataType = await call(
      env.t.app,
      addDataType,
      { dataTypeName: uniqueName('T'), dataTypeEnName: '类型', signed: false, sortOrder: 1 },
      as(EN),
    );
    expect(dataType.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(await env.t.db.selectFrom('series').select('id').where('name', '=', seriesName).execute()).toEqual([]);
  });

  it("a point names its data type, a product its protocol, and the selects both, in the reader's language", async () => {
    const stamp = uniqueName('');
    const dataType = await ok<DataTypeRecord>(
      call(
        env.t.app,
        addDataType,
        {
          dataTypeName: `十分之一${stamp}`,
          dataTypeEnName: `tenths ${stamp}`,
          reportRule: 'x / 10',
          sendRule: 'x * 10',
          signed: false,
          sortOrder: 7,
        },
        env.maker,
      ),
    );
    expect(dataType).toMatchObject({ dataTypeName: `十分之一${stamp}`, dataTypeEnName: `tenths ${stamp}` });
    const protocol = await newProtocol(env, { protocolName: `协议${stamp}`, protocolEnName: `Protocol ${stamp}` });
    expect(protocol.protocolEnName).toBe(`Protocol ${stamp}`);
    await ok(
      call(
        env.t.app,
        addPoint,
        { versionId: protocol.versionId, point: pointBody(1, 'tIn', { dataTypeId: dataType.dataTypeId }) },
        env.maker,
      ),
    );

    const points = async (language: { language: string }) =>
      (
        await ok<{ list: ProtocolPoint[] }>(
          call(env.t.app, listPoints, { versionId: protocol.versionId }, as(language)),
        )
      ).list;
    expect((await points(ZH))[0]!.dataTypeName).toBe(`十分之一${stamp}`);
    expect((await points(EN))[0]!.dataTypeName).toBe(`tenths ${stamp}`);

    const protocols = async (language: { language: string }) =>
      ok<CatalogOption[]>(call(env.t.app, protocolOptions, {}, as(language)));
    expect(optionName(await protocols(ZH), protocol.protocolId)).toBe(`协议${stamp}`);
    expect(optionName(await protocols(EN), protocol.protocolId)).toBe(`Protocol ${stamp}`);

    const series = await newSeries(`系列${stamp}`, `Series ${stamp}`);
    const read = await productReader({
      seriesId: series.seriesId,
      dataFormat: 'custom',
      protocolId: protocol.protocolId,
      protocolType: 'frame',
    });
    expect((await read(ZH)).protocolName).toBe(`协议${stamp}`);
    expect((await read(EN)).protocolName).toBe(`Protocol ${stamp}`);

    // A data type renamed without its English name: English readers see the Chinese one, marked.
    await ok(
      call(
        env.t.app,
        updateDataType,
        {
          dataTypeId: dataType.dataTypeId,
          dataTypeName: `十分之一${stamp}`,
          reportRule: 'x / 10',
          sendRule: 'x * 10',
          signed: false,
          sortOrder: 7,
        },
        env.maker,
      ),
    );
    expect((await points(EN))[0]!.dataTypeName).toBe(`十分之一${stamp}${OTHER_LANGUAGE_MARK['en-US']}`);
    const options = await ok<DataTypeRecord[]>(call(env.t.app, dataTypeOptions, {}, as(EN)));
    expect(options.find((option) => option.dataTypeId === dataType.dataTypeId)).toMatchObject({ dataTypeEnName: '' });
  });

  it('the demo catalog is named in both languages: its product in the reader language names its series and protocol in it', async () => {
    const demo = await env.t.db
      .selectFrom('products')
      .select('id')
      .where('product_key', '=', 'pkhpa200demo')
      .executeTakeFirstOrThrow();
    const read = (language: { language: string }) =>
      ok<Product>(call(env.t.app, productById, { id: demo.id }, as(language)));
    expect(await read(ZH)).toMatchObject({ seriesName: '空气源热泵', protocolName: '热泵标准协议' });
    expect(await read(EN)).toMatchObject({ seriesName: 'Air source heat pump', protocolName: 'Heat pump standard' });
  });
});
