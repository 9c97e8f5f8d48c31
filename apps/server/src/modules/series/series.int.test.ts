import {
  ErrorCode,
  OTHER_LANGUAGE_MARK,
  addProduct,
  addSeries,
  deleteProduct,
  deleteSeries,
  listSeries,
  seriesOptions,
  updateSeries,
  type CatalogOption,
  type Product,
  type Series,
} from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.ts';
import { uniqueName, useCatalogApp } from '../../../test/catalog-setup.ts';

const env = useCatalogApp();

type Page = { list: Series[]; totalSize: number };
const seriesRow = (id: string) => env.t.db.selectFrom('series').selectAll().where('id', '=', id).executeTakeFirst();
const seriesCount = async () =>
  Number(
    (
      await env.t.db
        .selectFrom('series')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function added(seriesName = uniqueName('Ser')): Promise<Series> {
  const answer = await call<Series>(env.t.app, addSeries, { seriesName }, env.maker);
  expect(answer.body.error_code).toBe(0);
  return answer.body.objectResult!;
}

describe('series', () => {
  it('creates a series with its creator and times, and lists it by partial name', async () => {
    const name = uniqueName('Ser');
    const series = await added(name);
    expect(series).toMatchObject({
      seriesName: name,
      productCount: 0,
      creator: env.makerName,
      modifier: env.makerName,
    });
    expect(series.createTime).toBe(series.updateTime);
    const listed = await call<Page>(env.t.app, listSeries, { seriesName: name.slice(2, 12).toUpperCase() }, env.maker);
    expect(listed.body.objectResult!.list.map((entry) => entry.seriesId)).toContain(series.seriesId);
  });

  it('applies the name rule: 4-30 with a Chinese character counting 2, only Chinese, letters, digits, underscore', async () => {
    const before = await seriesCount();
    const refused: Array<[string, string]> = [
      ['', 'seriesName: This field is required'],
      ['abc', 'length 4-30'],
      ['热', 'length 4-30'],
      ['热'.repeat(16), 'length 4-30'],
      ['a'.repeat(31), 'length 4-30'],
      ['ab-cd', 'Chinese, letters, digits or underscore'],
      ['ab cd', 'Chinese, letters, digits or underscore'],
    ];
    for (const [seriesName, message] of refused) {
      const answer = await call(env.t.app, addSeries, { seriesName }, env.maker);
      expect(answer.body.error_code, seriesName).toBe(ErrorCode.BAD_REQUEST);
      expect(answer.body.error_msg).toContain(message);
    }
    expect(await seriesCount()).toBe(before);
    const chinese = await call(env.t.app, addSeries, { seriesName: '空' }, { ...env.maker, language: 'zh_CN' });
    expect(chinese.body.error_msg).toContain('长度 4-30');
    const stamp = Date.now().toString(36).slice(-4);
    for (const seriesName of ['热泵', `热泵${stamp}`, `${'热'.repeat(13)}${stamp}`, `a_${stamp}`]) {
      expect((await call(env.t.app, addSeries, { seriesName }, env.maker)).body.error_code, seriesName).toBe(0);
    }
  });

  it('refuses an English name another series has, ignoring case, in both languages; an empty one is no claim', async () => {
    const seriesEnName = uniqueName('Heat');
    const first = await call<Series>(env.t.app, addSeries, { seriesName: uniqueName('Ser'), seriesEnName }, env.maker);
    expect(first.body.error_code).toBe(0);
    const again = { seriesName: uniqueName('Ser'), seriesEnName: seriesEnName.toLowerCase() };
    const en = await call(env.t.app, addSeries, again, env.maker);
    expect(en.body).toEqual({
      error_code: ErrorCode.SERIES_EN_NAME_TAKEN,
      error_msg: 'Another series already has this English name',
      objectResult: null,
    });
    const zh = await call(env.t.app, addSeries, again, { ...env.maker, language: 'zh_CN' });
    expect(zh.body.error_msg).toBe('系列英文名称已存在');
    const other = await added();
    await added();
    const renamed = await call(env.t.app, updateSeries, { ...again, seriesId: other.seriesId }, env.maker);
    expect(renamed.body.error_code).toBe(ErrorCode.SERIES_EN_NAME_TAKEN);
  });

  it("refuses a name already taken, ignoring case ('series name already exists'), and keeps one row", async () => {
    const series = await added();
    const upper = series.seriesName.toUpperCase();
    const en = await call(env.t.app, addSeries, { seriesName: upper }, env.maker);
    expect(en.body).toEqual({
      error_code: ErrorCode.SERIES_NAME_TAKEN,
      error_msg: 'Series name already exists',
      objectResult: null,
    });
    const zh = await call(env.t.app, addSeries, { seriesName: upper }, { ...env.maker, language: 'zh_CN' });
    expect(zh.body).toEqual({
      error_code: ErrorCode.SERIES_NAME_TAKEN,
      error_msg: '系列名称已存在',
      objectResult: null,
    });
    const rows = await env.t.db.selectFrom('series').select('id').where('name', 'ilike', series.seriesName).execute();
    expect(rows).toHaveLength(1);
  });

  it('two writers of the same new name at once: one wins, the other is told the name is taken', async () => {
    const seriesName = uniqueName('Race');
    const answers = await Promise.all([1, 2].map(() => call(env.t.app, addSeries, { seriesName }, env.maker)));
    expect(answers.map((answer) => answer.body.error_code).sort()).toEqual([0, ErrorCode.SERIES_NAME_TAKEN]);
  });

  it('renames a series: the modifier and update time move, the create time stays; another series name is refused', async () => {
    const series = await added();
    const other = await added();
    const before = (await seriesRow(series.seriesId))!;
    const newName = uniqueName('Ren');
    const renamed = await call<Series>(
      env.t.app,
      updateSeries,
      { seriesId: series.seriesId, seriesName: newName },
      env.maker,
    );
    expect(renamed.body.objectResult).toMatchObject({
      seriesName: newName,
      createTime: before.created_at.toISOString(),
      modifier: env.makerName,
    });
    expect(new Date(renamed.body.objectResult!.updateTime).getTime()).toBeGreaterThan(before.updated_at.getTime());
    const taken = await call(
      env.t.app,
      updateSeries,
      { seriesId: series.seriesId, seriesName: other.seriesName.toLowerCase() },
      env.maker,
    );
    expect(taken.body.error_code).toBe(ErrorCode.SERIES_NAME_TAKEN);
    expect((await seriesRow(series.seriesId))!.name).toBe(newName);
    const ownCase = await call<Series>(
      env.t.app,
      updateSeries,
      { seriesId: series.seriesId, seriesName: newName.toUpperCase() },
      env.maker,
    );
    expect(ownCase.body.objectResult!.seriesName).toBe(newName.toUpperCase());
  });

  it('refuses to delete a series with products (with the count), then deletes it once they are gone', async () => {
    const series = await added();
    const product = await call<Product>(
      env.t.app,
      addProduct,
      {
        productName: uniqueName('Prod'),
        seriesId: series.seriesId,
        networkMethod: 'wifi',
        nodeType: 'direct',
        dataFormat: 'alink',
      },
      env.maker,
    );
    expect(product.body.error_code).toBe(0);
    const listed = await call<Page>(env.t.app, listSeries, { seriesName: series.seriesName }, env.maker);
    expect(listed.body.objectResult!.list[0]!.productCount).toBe(1);
    const en = await call(env.t.app, deleteSeries, { seriesId: series.seriesId }, env.maker);
    expect(en.body).toEqual({
      error_code: ErrorCode.SERIES_IN_USE,
      error_msg: 'This series still has 1 product(s); move or delete them first',
      objectResult: null,
    });
    const zh = await call(env.t.app, deleteSeries, { seriesId: series.seriesId }, { ...env.maker, language: 'zh_CN' });
    expect(zh.body.error_msg).toBe('该系列下还有 1 个产品，请先移走或删除');
    expect(await seriesRow(series.seriesId)).toBeDefined();
    expect(
      (
        await call(
          env.t.app,
          deleteProduct,
          { productId: product.body.objectResult!.productId, version: product.body.objectResult!.version },
          env.maker,
        )
      ).body.error_code,
    ).toBe(0);
    expect((await call(env.t.app, deleteSeries, { seriesId: series.seriesId }, env.maker)).body.error_code).toBe(0);
    expect(await seriesRow(series.seriesId)).toBeUndefined();
  });

  it('sorts by name and by product count, pages, and offers every series by name', async () => {
    const mark = uniqueName('Srt');
    const [a, b, c] = [await added(`${mark}a`), await added(`${mark}b`), await added(`${mark}c`)];
    for (let i = 0; i < 2; i += 1) {
      const body = {
        productName: uniqueName('Prod'),
        seriesId: b.seriesId,
        networkMethod: 'wifi',
        nodeType: 'direct',
        dataFormat: 'alink',
      };
      expect((await call(env.t.app, addProduct, body, env.maker)).body.error_code).toBe(0);
    }
    expect(
      (
        await call(
          env.t.app,
          addProduct,
          {
            productName: uniqueName('Prod'),
            seriesId: c.seriesId,
            networkMethod: 'wifi',
            nodeType: 'direct',
            dataFormat: 'alink',
          },
          env.maker,
        )
      ).body.error_code,
    ).toBe(0);
    const names = async (request: Record<string, unknown>) =>
      (await call<Page>(env.t.app, listSeries, { seriesName: mark, ...request }, env.maker)).body.objectResult!;
    expect((await names({ sortField: 'seriesName', sortOrder: 'descend' })).list.map((s) => s.seriesName)).toEqual([
      c.seriesName,
      b.seriesName,
      a.seriesName,
    ]);
    expect(
      (await names({ sortField: 'productCount', sortOrder: 'descend' })).list.map((s) => [
        s.seriesName,
        s.productCount,
      ]),
    ).toEqual([
      [b.seriesName, 2],
      [c.seriesName, 1],
      [a.seriesName, 0],
    ]);
    expect((await names({ sortField: 'productCount', sortOrder: 'ascend' })).list.map((s) => s.seriesName)).toEqual([
      a.seriesName,
      c.seriesName,
      b.seriesName,
    ]);
    const second = await names({ sortField: 'seriesName', sortOrder: 'ascend', pageSize: 2, pageIndex: 2 });
    expect(second).toMatchObject({ totalSize: 3, list: [{ seriesName: c.seriesName }] });
    // Named in the reader's language: these series have only their (Chinese) name, which English readers see marked.
    const options = async (language: string) =>
      (await call<CatalogOption[]>(env.t.app, seriesOptions, {}, { ...env.maker, language })).body.objectResult!;
    expect((await options('zh_CN')).filter((o) => o.name.startsWith(mark))).toEqual(
      [a, b, c].map((s) => ({ id: s.seriesId, name: s.seriesName })),
    );
    expect((await options('en_US')).filter((o) => o.name.startsWith(mark))).toEqual(
      [a, b, c].map((s) => ({ id: s.seriesId, name: `${s.seriesName}${OTHER_LANGUAGE_MARK['en-US']}` })),
    );
  });

  it('answers NOT_FOUND for an id that is not digits or does not exist', async () => {
    for (const seriesId of ['abc', '1.5', '999999999']) {
      expect(
        (await call(env.t.app, updateSeries, { seriesId, seriesName: uniqueName('Ser') }, env.maker)).body.error_code,
      ).toBe(ErrorCode.NOT_FOUND);
      expect((await call(env.t.app, deleteSeries, { seriesId }, env.maker)).body.error_code).toBe(ErrorCode.NOT_FOUND);
    }
  });

  it('a level-1 company reads the series but cannot change them (CATALOG_READ_ONLY), in both languages', async () => {
    const series = await added();
    const listed = await call<Page>(env.t.app, listSeries, { seriesName: series.seriesName }, env.reader);
    expect(listed.body.objectResult!.list.map((s) => s.seriesId)).toEqual([series.seriesId]);
    expect((await call(env.t.app, seriesOptions, {}, env.reader)).body.error_code).toBe(0);
    const before = await seriesCount();
    const en = await call(env.t.app, addSeries, { seriesName: uniqueName('Ser') }, env.reader);
    expect(en.body).toEqual({
      error_code: ErrorCode.CATALOG_READ_ONLY,
      error_msg: 'Only the platform operator (level 0) can change products, series, data types and protocols',
      objectResult: null,
    });
    const zh = await call(
      env.t.app,
      updateSeries,
      { seriesId: series.seriesId, seriesName: uniqueName('Ser') },
      { ...env.reader, language: 'zh_CN' },
    );
    expect(zh.body).toEqual({
      error_code: ErrorCode.CATALOG_READ_ONLY,
      error_msg: '只有平台运营方（0级）可以修改产品、系列、数据类型和协议',
      objectResult: null,
    });
    expect((await call(env.t.app, deleteSeries, { seriesId: series.seriesId }, env.reader)).body.error_code).toBe(
      ErrorCode.CATALOG_READ_ONLY,
    );
    expect(await seriesCount()).toBe(before);
    expect((await seriesRow(series.seriesId))!.name).toBe(series.seriesName);
  });
});
