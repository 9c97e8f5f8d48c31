import {
  ErrorCode,
  addProduct,
  addSeries,
  deleteProduct,
  deleteSeries,
  listProducts,
  productById,
  productOptions,
  updateProduct,
  type CatalogOption,
  type Product,
  type ProtocolDetail,
  type Series,
} from '@dcc/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.ts';
import { newProtocol, uniqueName, useCatalogApp } from '../../../test/catalog-setup.ts';
import { uploadedUrl } from '../../../test/uploads.ts';
import { holdSeries } from './repo.ts';
import { startWhileHeld } from '../../../test/locks.ts';
import { newDevice } from '../../../test/factories.ts';
import { loadConfig } from '../../config.ts';
import { secretBox } from '../devices/secret-box.ts';

const box = secretBox(loadConfig({}).deviceSecretKey);

const env = useCatalogApp();

type Page = { list: Product[]; totalSize: number };
const fixture = {} as { series: Series; otherSeries: Series; protocol: ProtocolDetail; otherProtocol: ProtocolDetail };

beforeAll(async () => {
  // Named alike in both languages, so the reader's language (localName) answers the same name.
  const series = async (name = uniqueName('Ser')) =>
    (await call<Series>(env.t.app, addSeries, { seriesName: name, seriesEnName: name }, env.maker)).body.objectResult!;
  fixture.series = await series();
  fixture.otherSeries = await series();
  const protocol = (name = uniqueName('Proto')) => newProtocol(env, { protocolName: name, protocolEnName: name });
  fixture.protocol = await protocol();
  fixture.otherProtocol = await protocol();
});

const customBody = (overrides: Record<string, unknown> = {}) => ({
  productName: uniqueName('Pump'),
  productEnName: uniqueName('Air source heat pump '),
  seriesId: fixture.series.seriesId,
  networkMethod: 'cellular',
  nodeType: 'direct',
  centralControl: true,
  lockFunction: false,
  description: 'R32 monobloc',
  image: '',
  dataFormat: 'custom',
  protocolType: 'frame',
  protocolId: fixture.protocol.protocolId,
  dispatchRule: 'changed',
  thirdPartyPlatform: 'none',
  ...overrides,
});
const alinkBody = (overrides: Record<string, unknown> = {}) => ({
  ...customBody({ dataFormat: 'alink', protocolId: '' }),
  ...overrides,
});
const productRow = (id: string) => env.t.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
const productsNamed = (name: unknown) =>
  env.t.db.selectFrom('products').select('id').where('name', '=', String(name)).execute();
const thingModelRow = (id: string) =>
  env.t.db.selectFrom('thing_models').selectAll().where('product_id', '=', id).executeTakeFirst();

async function added(input: Record<string, unknown>): Promise<Product> {
  const answer = await call<Product>(env.t.app, addProduct, input, env.maker);
  expect(answer.body.error_code, answer.body.error_msg).toBe(0);
  return answer.body.objectResult!;
}

describe('products', () => {
  it('creates a custom-format product: protocol-point type, generated key, series and protocol names, no thing model', async () => {
    const input = customBody();
    const product = await added(input);
    expect(product).toMatchObject({
      ...input,
      productMessageType: 'pm',
      seriesName: fixture.series.seriesName,
      protocolName: fixture.protocol.protocolName,
      creator: env.makerName,
      modifier: env.makerName,
    });
    expect(product.productKey).toMatch(/^pk[0-9a-z]{10}$/);
    expect(await thingModelRow(product.productId)).toBeUndefined();
    const byId = await call<Product>(env.t.app, productById, { id: product.productId }, env.maker);
    expect(byId.body.objectResult).toEqual(product);
  });

  it('creates an Alink product: thing-model type, no protocol, an empty thing model draft; keys differ', async () => {
    const first = await added(alinkBody());
    const second = await added(alinkBody({ productEnName: '', centralControl: false }));
    expect(first).toMatchObject({ dataFormat: 'alink', productMessageType: 'tm', protocolId: '', protocolName: '' });
    expect(first.productKey).not.toBe(second.productKey);
    expect(await thingModelRow(first.productId)).toMatchObject({
      draft: { properties: [], events: [], services: [] },
      published: null,
      published_version: 0,
    });
  });

  it('takes the defaults of the optional fields', async () => {
    const product = await added({
      productName: uniqueName('Min'),
      seriesId: fixture.series.seriesId,
      networkMethod: 'wifi',
      nodeType: 'gateway',
      dataFormat: 'alink',
    });
    expect(product).toMatchObject({
      productEnName: '',
      protocolType: 'frame',
      dispatchRule: 'changed',
      thirdPartyPlatform: 'none',
      centralControl: false,
      thSensor: false,
      lockFunction: false,
      description: '',
      image: '',
    });
  });

  it('requires a protocol for the custom format and none for Alink, and refuses a series or protocol that does not exist, storing nothing', async () => {
    const mismatch = 'Choose the associated protocol for the custom data format, and none for Alink JSON';
    for (const input of [customBody({ protocolId: '' }), alinkBody({ protocolId: fixture.protocol.protocolId })]) {
      const refused = await call(env.t.app, addProduct, input, env.maker);
      expect(refused.body.error_code).toBe(ErrorCode.BAD_REQUEST);
      expect(refused.body.error_msg).toContain(mismatch);
      expect(await productsNamed(input.productName)).toEqual([]);
    }
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        customBody({ protocolId: '999999999' }),
        'The chosen protocol does not exist (it may have been deleted); choose another',
        '所选协议不存在（可能已被删除），请重新选择',
      ],
      [
        customBody({ protocolId: 'abc' }),
        'The chosen protocol does not exist (it may have been deleted); choose another',
        '所选协议不存在（可能已被删除），请重新选择',
      ],
      [
        alinkBody({ seriesId: '999999999' }),
        'The chosen series does not exist (it may have been deleted); choose another',
        '所选系列不存在（可能已被删除），请重新选择',
      ],
      [
        alinkBody({ seriesId: 'S1' }),
        'The chosen series does not exist (it may have been deleted); choose another',
        '所选系列不存在（可能已被删除），请重新选择',
      ],
    ];
    for (const [input, en, zh] of cases) {
      expect((await call(env.t.app, addProduct, input, env.maker)).body).toEqual({
        error_code: ErrorCode.NOT_FOUND,
        error_msg: en,
        objectResult: null,
      });
      expect((await call(env.t.app, addProduct, input, { ...env.maker, language: 'zh_CN' })).body).toEqual({
        error_code: ErrorCode.NOT_FOUND,
        error_msg: zh,
        objectResult: null,
      });
      expect(await productsNamed(input.productName)).toEqual([]);
    }
  });

  it('refuses bad fields with readable messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [customBody({ productName: 'abc' }), 'length 4-30'],
      [customBody({ productName: '热'.repeat(16) }), 'length 4-30'],
      [customBody({ productName: 'heat-pump' }), 'Chinese, letters, digits or underscore'],
      [
        customBody({ productEnName: 'Heat pump #1' }),
        'The English name is letters, digits, spaces, _ or - (at most 60)',
      ],
      [customBody({ seriesId: '' }), 'Please choose a series'],
      [customBody({ networkMethod: 'zigbee' }), 'Please choose the networking method'],
      [customBody({ nodeType: 'hub' }), 'Please choose the node type'],
      [customBody({ dataFormat: 'xml' }), 'Please choose the data format'],
      [customBody({ dispatchRule: 'sometimes' }), 'Please choose the data-package dispatch rule'],
      [customBody({ thirdPartyPlatform: 'aws' }), 'Please choose the third-party platform'],
      [customBody({ image: 'http://elsewhere/a.png' }), 'Upload the picture first'],
      [customBody({ productKey: 'pkmine' }), 'Unknown field: productKey'],
    ];
    for (const [input, message] of cases) {
      const refused = await call(env.t.app, addProduct, input, env.maker);
      expect(refused.body.error_code, message).toBe(ErrorCode.BAD_REQUEST);
      expect(refused.body.error_msg).toContain(message);
      expect(await productsNamed(input.productName)).toEqual([]);
    }
    const zh = await call(env.t.app, addProduct, customBody({ productName: 'abc' }), {
      ...env.maker,
      language: 'zh_CN',
    });
    expect(zh.body.error_msg).toContain('长度 4-30（一个汉字计 2）');
  });

  it("refuses an English product name already taken, ignoring case, in the caller's language, and changes nothing", async () => {
    const product = await added(alinkBody());
    const en = await call(
      env.t.app,
      addProduct,
      customBody({ productEnName: product.productEnName.toUpperCase() }),
      env.maker,
    );
    expect(en.body).toEqual({
      error_code: ErrorCode.PRODUCT_EN_NAME_TAKEN,
      error_msg: 'Another product already has this English name',
      objectResult: null,
    });
    const other = await added(alinkBody());
    const zh = await call(
      env.t.app,
      updateProduct,
      {
        ...alinkBody({ productName: other.productName, productEnName: product.productEnName.toLowerCase() }),
        productId: other.productId,
        version: other.version,
      },
      { ...env.maker, language: 'zh_CN' },
    );
    expect(zh.body).toEqual({
      error_code: ErrorCode.PRODUCT_EN_NAME_TAKEN,
      error_msg: '产品英文名称已存在',
      objectResult: null,
    });
    expect((await productRow(other.productId))!.en_name).toBe(other.productEnName);
    // Products without an English name claim none.
    await added(alinkBody({ productEnName: '' }));
    await added(alinkBody({ productEnName: '' }));
  });

  it("refuses a product name already taken, ignoring case ('product name already exists')", async () => {
    const product = await added(alinkBody());
    const en = await call(
      env.t.app,
      addProduct,
      customBody({ productName: product.productName.toLowerCase() }),
      env.maker,
    );
    expect(en.body).toEqual({
      error_code: ErrorCode.PRODUCT_NAME_TAKEN,
      error_msg: 'Product name already exists',
      objectResult: null,
    });
    const other = await added(alinkBody());
    const zh = await call(
      env.t.app,
      updateProduct,
      {
        ...alinkBody({ productName: product.productName.toUpperCase() }),
        productId: other.productId,
        version: other.version,
      },
      { ...env.maker, language: 'zh_CN' },
    );
    expect(zh.body).toEqual({
      error_code: ErrorCode.PRODUCT_NAME_TAKEN,
      error_msg: '产品名称已存在',
      objectResult: null,
    });
    expect((await productRow(other.productId))!.name).toBe(other.productName);
  });

  it('edits the basic and protocol info; the key, type and create time stay, the modifier and update time move', async () => {
    const product = await added(customBody());
    const before = (await productRow(product.productId))!;
    const input = customBody({
      productId: product.productId,
      productName: uniqueName('Edit'),
      productEnName: 'Edited',
      seriesId: fixture.otherSeries.seriesId,
      networkMethod: 'ethernet',
      nodeType: 'gateway',
      centralControl: false,
      thSensor: true,
      lockFunction: true,
      description: '',
      protocolType: 'modbusRtu',
      protocolId: fixture.otherProtocol.protocolId,
      dispatchRule: 'whole',
      thirdPartyPlatform: 'aliyun',
      image: await uploadedUrl(env.t.app, env.maker),
    });
    const edited = await call<Product>(env.t.app, updateProduct, { ...input, version: product.version }, env.maker);
    expect(edited.body.objectResult).toMatchObject({
      ...input,
      productKey: product.productKey,
      productMessageType: 'pm',
      seriesName: fixture.otherSeries.seriesName,
      protocolName: fixture.otherProtocol.protocolName,
      createTime: before.created_at.toISOString(),
      modifier: env.makerName,
      version: product.version + 1,
    });
    expect(new Date(edited.body.objectResult!.updateTime).getTime()).toBeGreaterThan(before.updated_at.getTime());
    expect(
      (
        await call<Product>(
          env.t.app,
          updateProduct,
          { ...input, version: product.version + 1, productName: input.productName.toUpperCase() },
          env.maker,
        )
      ).body.error_code,
    ).toBe(0);
  });

  it('refuses to change the data format once created (DATA_FORMAT_FIXED), changing nothing', async () => {
    const custom = await added(customBody());
    const alink = await added(alinkBody());
    const before = [await productRow(custom.productId), await productRow(alink.productId)];
    const en = await call(
      env.t.app,
      updateProduct,
      { ...alinkBody({ productName: custom.productName }), productId: custom.productId, version: custom.version },
      env.maker,
    );
    expect(en.body).toEqual({
      error_code: ErrorCode.DATA_FORMAT_FIXED,
      error_msg: 'The data format of a product cannot change after it is created',
      objectResult: null,
    });
    const zh = await call(
      env.t.app,
      updateProduct,
      { ...customBody({ productName: alink.productName }), productId: alink.productId, version: alink.version },
      { ...env.maker, language: 'zh_CN' },
    );
    expect(zh.body).toEqual({
      error_code: ErrorCode.DATA_FORMAT_FIXED,
      error_msg: '产品创建后不能修改数据格式',
      objectResult: null,
    });
    expect([await productRow(custom.productId), await productRow(alink.productId)]).toEqual(before);
  });

  it('refuses an edit to a series or protocol that does not exist, changing nothing', async () => {
    const product = await added(customBody());
    const before = await productRow(product.productId);
    for (const overrides of [{ seriesId: '999999999' }, { protocolId: '999999999' }]) {
      const refused = await call(
        env.t.app,
        updateProduct,
        { ...customBody(overrides), productId: product.productId, version: product.version },
        env.maker,
      );
      expect(refused.body.error_code).toBe(ErrorCode.NOT_FOUND);
    }
    expect(await productRow(product.productId)).toEqual(before);
  });

  it('lists with search over name and English name, series and type filters, sort and pages', async () => {
    const mark = uniqueName('Lst');
    const a = await added(customBody({ productName: `${mark}a`, productEnName: 'Alpha' }));
    const b = await added(alinkBody({ productName: `${mark}b`, seriesId: fixture.otherSeries.seriesId }));
    const c = await added(alinkBody({ productName: uniqueName('Other'), productEnName: `En ${mark}` }));
    const ids = async (request: Record<string, unknown>) =>
      (await call<Page>(env.t.app, listProducts, request, env.maker)).body.objectResult!.list.map((p) => p.productId);
    const byName = [a, b, c].sort((x, y) => (x.productName < y.productName ? -1 : 1)).map((p) => p.productId);
    expect(await ids({ productName: mark.toLowerCase(), sortField: 'productName', sortOrder: 'ascend' })).toEqual(
      byName,
    );
    expect(await ids({ productName: mark, sortField: 'productName', sortOrder: 'descend' })).toEqual(
      [...byName].reverse(),
    );
    expect(await ids({ productName: mark, productMessageType: 'pm' })).toEqual([a.productId]);
    expect((await ids({ productName: mark, productMessageType: 'tm' })).sort()).toEqual(
      [b.productId, c.productId].sort(),
    );
    expect(await ids({ productName: mark, seriesId: fixture.otherSeries.seriesId })).toEqual([b.productId]);
    expect(await ids({ productName: mark, seriesId: 'abc' })).toEqual([]);
    expect(await ids({ productName: mark, sortField: 'createTime', sortOrder: 'descend' })).toEqual([
      c.productId,
      b.productId,
      a.productId,
    ]);
    const page = await call<Page>(
      env.t.app,
      listProducts,
      { productName: mark, sortField: 'createTime', sortOrder: 'ascend', pageSize: 2, pageIndex: 2 },
      env.maker,
    );
    expect(page.body.objectResult).toMatchObject({
      totalSize: 3,
      list: [{ productId: c.productId, seriesName: fixture.series.seriesName, protocolName: '' }],
    });
    const bad = await call(env.t.app, listProducts, { productMessageType: 'xx' }, env.maker);
    expect(bad.body.error_msg).toContain("The product type filter must be '', 'pm' or 'tm'");
  });

  it("offers every product by its name in the reader's language, the other one marked when it has only that", async () => {
    const mark = uniqueName('Opt');
    const product = await added(alinkBody({ productName: `${mark}c`, productEnName: 'Option heater' }));
    const chineseOnly = await added(alinkBody({ productName: `${mark}d`, productEnName: '' }));
    const options = async (language: string) =>
      (await call<CatalogOption[]>(env.t.app, productOptions, {}, { ...env.reader, language })).body.objectResult!;
    expect(await options('en_US')).toContainEqual({ id: product.productId, name: 'Option heater' });
    expect(await options('zh_CN')).toContainEqual({ id: product.productId, name: `${mark}c` });
    expect(await options('en_US')).toContainEqual({ id: chineseOnly.productId, name: `${mark}d (Chinese)` });
    expect(await options('zh_CN')).toContainEqual({ id: chineseOnly.productId, name: `${mark}d` });
    const later = await added(alinkBody({ productName: `${mark}b` }));
    const earlier = await added(alinkBody({ productName: `${mark}a` }));
    const marked = (await options('zh_CN')).filter((o) => o.name.startsWith(mark));
    expect(marked.map((o) => o.id)).toEqual([
      earlier.productId,
      later.productId,
      product.productId,
      chineseOnly.productId,
    ]);
  });

  it('deletes a product with its thing model', async () => {
    const product = await added(alinkBody());
    expect(
      (await call(env.t.app, deleteProduct, { productId: product.productId, version: product.version }, env.maker)).body
        .error_code,
    ).toBe(0);
    expect(await productRow(product.productId)).toBeUndefined();
    expect(await thingModelRow(product.productId)).toBeUndefined();
    expect((await call(env.t.app, productById, { id: product.productId }, env.maker)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('refuses to delete a product devices are registered under, quoting their count in both languages', async () => {
    const product = await added(alinkBody());
    const dealer = env.maker.dealersId;
    const devices = [await newDevice(env.t.db, dealer, box, product.productId)];
    devices.push(await newDevice(env.t.db, dealer, box, product.productId));
    const body = { productId: product.productId, version: product.version };
    expect((await call(env.t.app, deleteProduct, body, env.maker)).body).toMatchObject({
      error_code: ErrorCode.PRODUCT_IN_USE,
      error_msg: '2 device(s) are registered under this product; delete them first',
    });
    expect((await call(env.t.app, deleteProduct, body, { ...env.maker, language: 'zh_CN' })).body.error_msg).toBe(
      '该产品下还有 2 台设备，请先删除这些设备',
    );
    expect(await productRow(product.productId)).toBeDefined();
    await env.t.db.deleteFrom('devices').where('id', 'in', devices).execute();
    expect((await call(env.t.app, deleteProduct, body, env.maker)).body.error_code).toBe(0);
    expect(await productRow(product.productId)).toBeUndefined();
  });

  it('two writers of the same new product name at once: one wins, the other is told the name is taken', async () => {
    const productName = uniqueName('Race');
    const answers = await Promise.all(
      [customBody({ productName }), alinkBody({ productName })].map((input) =>
        call(env.t.app, addProduct, input, env.maker),
      ),
    );
    expect(answers.map((answer) => answer.body.error_code).sort()).toEqual([0, ErrorCode.PRODUCT_NAME_TAKEN]);
    expect(await productsNamed(productName)).toHaveLength(1);
  });

  it('a product added while its series is deleted: either the product is refused or the series stays', async () => {
    const series = (await call<Series>(env.t.app, addSeries, { seriesName: uniqueName('Gone') }, env.maker)).body
      .objectResult!;
    const input = alinkBody({ seriesId: series.seriesId });
    const [removed, product] = await Promise.all([
      call(env.t.app, deleteSeries, { seriesId: series.seriesId }, env.maker),
      call<Product>(env.t.app, addProduct, input, env.maker),
    ]);
    const seriesLeft = await env.t.db
      .selectFrom('series')
      .select('id')
      .where('id', '=', series.seriesId)
      .executeTakeFirst();
    if (removed.body.error_code === 0) {
      expect(product.body.error_code).toBe(ErrorCode.NOT_FOUND);
      expect(seriesLeft).toBeUndefined();
      expect(await productsNamed(input.productName)).toEqual([]);
    } else {
      expect(removed.body.error_code).toBe(ErrorCode.SERIES_IN_USE);
      expect(product.body.error_code).toBe(0);
      expect(seriesLeft).toBeDefined();
    }
  });

  // Only PostgreSQL runs two transactions at once; PGlite has one connection, which serializes them anyway.
  describe.skipIf(!process.env.DATABASE_URL)('transactions held open (PostgreSQL only)', () => {
    it('a series delete waits for a product being added to it, then counts that product', async () => {
      const series = (await call<Series>(env.t.app, addSeries, { seriesName: uniqueName('Held') }, env.maker)).body
        .objectResult!;
      const removed = await startWhileHeld(
        env.t.db,
        async (trx) => {
          expect(await holdSeries(trx, series.seriesId)).toBe(true);
          await trx
            .insertInto('products')
            .values({
              name: uniqueName('Held'),
              product_key: uniqueName('pk'),
              series_id: series.seriesId,
              network_method: 'wifi',
              node_type: 'direct',
              data_format: 'alink',
              message_type: 'tm',
              protocol_type: 'frame',
              dispatch_rule: 'changed',
              third_party_platform: 'none',
            })
            .execute();
        },
        () => call(env.t.app, deleteSeries, { seriesId: series.seriesId }, env.maker),
      );
      expect(removed.body).toMatchObject({
        error_code: ErrorCode.SERIES_IN_USE,
        error_msg: 'This series still has 1 product(s); move or delete them first',
      });
    });

    it('a product add waits for a series delete in progress, then finds the series gone', async () => {
      const series = (await call<Series>(env.t.app, addSeries, { seriesName: uniqueName('Held') }, env.maker)).body
        .objectResult!;
      const input = alinkBody({ seriesId: series.seriesId });
      const answer = await startWhileHeld(
        env.t.db,
        async (trx) => {
          await trx.selectFrom('series').select('id').where('id', '=', series.seriesId).forUpdate().execute();
          await trx.deleteFrom('series').where('id', '=', series.seriesId).execute();
        },
        () => call(env.t.app, addProduct, input, env.maker),
      );
      expect(answer.body).toMatchObject({
        error_code: ErrorCode.NOT_FOUND,
        error_msg: 'The chosen series does not exist (it may have been deleted); choose another',
      });
      expect(await productsNamed(input.productName)).toEqual([]);
    });
  });

  it('answers NOT_FOUND for an id that is not digits or does not exist', async () => {
    for (const productId of ['p1', '999999999']) {
      expect((await call(env.t.app, productById, { id: productId }, env.maker)).body.error_code).toBe(
        ErrorCode.NOT_FOUND,
      );
      expect(
        (await call(env.t.app, updateProduct, { ...customBody(), productId, version: 1 }, env.maker)).body.error_code,
      ).toBe(ErrorCode.NOT_FOUND);
      expect((await call(env.t.app, deleteProduct, { productId, version: 1 }, env.maker)).body.error_code).toBe(
        ErrorCode.NOT_FOUND,
      );
    }
  });

  it('a level-1 company reads products but cannot change them (CATALOG_READ_ONLY)', async () => {
    const product = await added(customBody());
    expect(
      (await call<Page>(env.t.app, listProducts, { productName: product.productName }, env.reader)).body.objectResult!
        .totalSize,
    ).toBe(1);
    expect(
      (await call<Product>(env.t.app, productById, { id: product.productId }, env.reader)).body.objectResult,
    ).toEqual(product);
    const input = customBody();
    const en = await call(env.t.app, addProduct, input, env.reader);
    expect(en.body).toEqual({
      error_code: ErrorCode.CATALOG_READ_ONLY,
      error_msg: 'Only the platform operator (level 0) can change products, series, data types and protocols',
      objectResult: null,
    });
    expect(await productsNamed(input.productName)).toEqual([]);
    const before = await productRow(product.productId);
    expect(
      (
        await call(
          env.t.app,
          updateProduct,
          { ...customBody(), productId: product.productId, version: product.version },
          env.reader,
        )
      ).body.error_code,
    ).toBe(ErrorCode.CATALOG_READ_ONLY);
    const zh = await call(
      env.t.app,
      deleteProduct,
      { productId: product.productId, version: product.version },
      { ...env.reader, language: 'zh_CN' },
    );
    expect(zh.body.error_msg).toBe('只有平台运营方（0级）可以修改产品、系列、数据类型和协议');
    expect(await productRow(product.productId)).toEqual(before);
  });
});
