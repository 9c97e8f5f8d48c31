import {
  ErrorCode,
  addPoint,
  addProduct,
  addSeries,
  deletePoint,
  deleteProduct,
  deleteProtocol,
  exportPoints,
  getThingModel,
  pointById,
  productById,
  protocolById,
  publishThingModel,
  saveThingModelDraft,
  updatePoint,
  updateProduct,
  updateProtocol,
  type CallDef,
  type Product,
  type ProtocolPoint,
  type Series,
} from '@dcc/contract';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.ts';
import { newProtocol, pointBody, postFile, uniqueName, useCatalogApp } from '../../../test/catalog-setup.ts';

/**
 * Lost updates (issue 8 item 11) on the catalog: every edit sends the record version it read; of
 * two edits sent with the same version the second is refused with STALE_VERSION in the caller's
 * language and the first stays.
 */

const env = useCatalogApp();
let series: Series;

beforeAll(async () => {
  series = (await call<Series>(env.t.app, addSeries, { seriesName: uniqueName('Ver') }, env.maker)).body.objectResult!;
});

const STALE_EN = 'This record was changed by someone else in the meantime. Reload it and make your change again.';
const STALE_ZH = '该记录已被他人修改，请刷新后重新修改';

/** One versioned record kind: how to make a record, edit it with a given version, and read what is stored. */
interface Kind {
  name: string;
  /** Makes a record and answers its id and version. */
  make(): Promise<{ id: string; version: number }>;
  /** The edit call and its body for a record at `version`; `mark` tells the two edits apart. */
  edit(id: string, version: number, mark: string): [CallDef, Record<string, unknown>];
  /** The stored record: its mark (what the last edit wrote) and version. */
  read(id: string): Promise<{ mark: string; version: number }>;
}

async function ok<T>(def: CallDef, body: Record<string, unknown>): Promise<T> {
  const answer = await call<T>(env.t.app, def, body, env.maker);
  expect(answer.body.error_code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.objectResult!;
}

const productBody = (mark: string) => ({
  productName: mark,
  seriesId: series.seriesId,
  networkMethod: 'wifi',
  nodeType: 'direct',
  dataFormat: 'alink',
});
const newAlinkProduct = () => ok<Product>(addProduct, productBody(uniqueName('Ver')));
const property = (identifier: string) => ({ identifier, name: identifier, accessMode: 'r', dataType: { type: 'int' } });

const KINDS: Kind[] = [
  {
    name: 'point',
    async make() {
      const protocol = await newProtocol(env);
      const point = await ok<ProtocolPoint>(addPoint, { versionId: protocol.versionId, point: pointBody(1, 'first') });
      return { id: point.pointId, version: point.version };
    },
    edit: (pointId, version, mark) => [
      updatePoint,
      { pointId, version, point: pointBody(1, 'first', { pointName: mark }) },
    ],
    read: async (pointId) => {
      const point = await ok<ProtocolPoint>(pointById, { pointId });
      return { mark: point.pointName, version: point.version };
    },
  },
  {
    name: 'protocol',
    async make() {
      const protocol = await newProtocol(env);
      return { id: protocol.protocolId, version: protocol.version };
    },
    edit: (protocolId, version, mark) => [
      updateProtocol,
      { protocolId, version, protocolName: mark, protocolCode: `C${mark}`, description: '' },
    ],
    read: async (protocolId) => {
      const protocol = await ok<{ protocolName: string; version: number }>(protocolById, { protocolId });
      return { mark: protocol.protocolName, version: protocol.version };
    },
  },
  {
    name: 'product',
    async make() {
      const product = await newAlinkProduct();
      return { id: product.productId, version: product.version };
    },
    edit: (productId, version, mark) => [updateProduct, { productId, version, ...productBody(mark) }],
    read: async (id) => {
      const product = await ok<Product>(productById, { id });
      return { mark: product.productName, version: product.version };
    },
  },
  {
    name: 'thing model draft',
    async make() {
      const product = await newAlinkProduct();
      const state = await ok<{ version: number }>(getThingModel, { productId: product.productId });
      return { id: product.productId, version: state.version };
    },
    edit: (productId, version, mark) => [
      saveThingModelDraft,
      { productId, version, model: { properties: [property(mark)] } },
    ],
    read: async (productId) => {
      const state = await ok<{ draft: { properties: { identifier: string }[] }; version: number }>(getThingModel, {
        productId,
      });
      return { mark: state.draft.properties[0]?.identifier ?? '', version: state.version };
    },
  },
];

/** Two distinct marks valid as names, codes and identifiers of every kind. */
const marks = (): [string, string] => {
  const base = uniqueName('Ed');
  return [`${base}a`, `${base}b`];
};

describe('record versions: the second of two edits sent with the same version is refused', () => {
  for (const kind of KINDS) {
    it(`${kind.name}: answers STALE_VERSION in the caller's language and keeps the first edit`, async () => {
      const record = await kind.make();
      const [first, second] = marks();
      const [def, body] = kind.edit(record.id, record.version, first);
      expect((await call(env.t.app, def, body, env.maker)).body.error_code).toBe(0);
      const [def2, body2] = kind.edit(record.id, record.version, second);
      const en = await call(env.t.app, def2, body2, env.maker);
      expect(en.body).toEqual({ error_code: ErrorCode.STALE_VERSION, error_msg: STALE_EN, objectResult: null });
      const zh = await call(env.t.app, def2, body2, { ...env.maker, language: 'zh_CN' });
      expect(zh.body).toEqual({ error_code: ErrorCode.STALE_VERSION, error_msg: STALE_ZH, objectResult: null });
      expect(await kind.read(record.id)).toEqual({ mark: first, version: record.version + 1 });
      // Reloaded, the same change goes through.
      const [def3, body3] = kind.edit(record.id, record.version + 1, second);
      expect((await call(env.t.app, def3, body3, env.maker)).body.error_code).toBe(0);
      expect(await kind.read(record.id)).toEqual({ mark: second, version: record.version + 2 });
    });
  }

  it('thing model: a publish sent with the version read before a draft save is refused, publishing nothing', async () => {
    const product = await newAlinkProduct();
    const read = await ok<{ version: number }>(getThingModel, { productId: product.productId });
    await ok(saveThingModelDraft, {
      productId: product.productId,
      version: read.version,
      model: { properties: [property('changed')] },
    });
    const refused = await call(
      env.t.app,
      publishThingModel,
      { productId: product.productId, version: read.version },
      env.maker,
    );
    expect(refused.body.error_code).toBe(ErrorCode.STALE_VERSION);
    expect(await ok(getThingModel, { productId: product.productId })).toMatchObject({
      published: null,
      publishedVersion: 0,
      version: read.version + 1,
    });
    expect(await ok(publishThingModel, { productId: product.productId, version: read.version + 1 })).toMatchObject({
      publishedVersion: 1,
      version: read.version + 2,
    });
  });

  it('refuses a delete sent with a stale version and keeps the record; NOT_FOUND stays NOT_FOUND', async () => {
    const protocol = await newProtocol(env);
    const point = await ok<ProtocolPoint>(addPoint, { versionId: protocol.versionId, point: pointBody(1, 'first') });
    await ok(updatePoint, {
      pointId: point.pointId,
      version: point.version,
      point: pointBody(1, 'first', { pointName: 'Changed' }),
    });
    expect(
      (await call(env.t.app, deletePoint, { pointId: point.pointId, version: point.version }, env.maker)).body
        .error_code,
    ).toBe(ErrorCode.STALE_VERSION);
    expect((await ok<ProtocolPoint>(pointById, { pointId: point.pointId })).pointName).toBe('Changed');

    const [mark] = marks();
    await ok(updateProtocol, {
      protocolId: protocol.protocolId,
      version: protocol.version,
      protocolName: mark,
      protocolCode: `C${mark}`,
      description: '',
    });
    expect(
      (await call(env.t.app, deleteProtocol, { protocolId: protocol.protocolId, version: protocol.version }, env.maker))
        .body.error_code,
    ).toBe(ErrorCode.STALE_VERSION);
    expect((await ok<{ protocolName: string }>(protocolById, { protocolId: protocol.protocolId })).protocolName).toBe(
      mark,
    );

    const product = await newAlinkProduct();
    await ok(updateProduct, {
      productId: product.productId,
      version: product.version,
      ...productBody(product.productName),
      description: 'changed',
    });
    expect(
      (await call(env.t.app, deleteProduct, { productId: product.productId, version: product.version }, env.maker)).body
        .error_code,
    ).toBe(ErrorCode.STALE_VERSION);
    expect((await ok<Product>(productById, { id: product.productId })).description).toBe('changed');

    for (const [def, body] of [
      [updatePoint, { pointId: '987654321', version: 1, point: pointBody(1, 'x') }],
      [deletePoint, { pointId: '987654321', version: 1 }],
      [updateProtocol, { protocolId: '987654321', version: 1, protocolName: 'X', protocolCode: 'X', description: '' }],
      [deleteProtocol, { protocolId: '987654321', version: 1 }],
      [updateProduct, { productId: '987654321', version: 1, ...productBody(uniqueName('Ver')) }],
      [deleteProduct, { productId: '987654321', version: 1 }],
      [saveThingModelDraft, { productId: '987654321', version: 1, model: {} }],
      [publishThingModel, { productId: '987654321', version: 1 }],
    ] as const) {
      expect((await call(env.t.app, def, body, env.maker)).body.error_code, def.path).toBe(ErrorCode.NOT_FOUND);
    }
  });

  it('refuses an edit without a version (BAD_REQUEST), changing nothing', async () => {
    const protocol = await newProtocol(env);
    const point = await ok<ProtocolPoint>(addPoint, { versionId: protocol.versionId, point: pointBody(1, 'first') });
    const refused = await call(
      env.t.app,
      updatePoint,
      { pointId: point.pointId, point: pointBody(1, 'first', { pointName: 'Changed' }) },
      env.maker,
    );
    expect(refused.body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      error_msg: expect.stringContaining('The record version is missing; reload the record'),
    });
    expect((await ok<ProtocolPoint>(pointById, { pointId: point.pointId })).pointName).toBe(point.pointName);
  });

  it('an Excel import moves the points it changes to their next version: an editor opened before it is refused', async () => {
    const protocol = await newProtocol(env);
    const changed = await ok<ProtocolPoint>(addPoint, { versionId: protocol.versionId, point: pointBody(1, 'first') });
    const kept = await ok<ProtocolPoint>(addPoint, { versionId: protocol.versionId, point: pointBody(2, 'second') });
    const exported = await ok<{ contentBase64: string }>(exportPoints, { versionId: protocol.versionId });
    const book = XLSX.read(Buffer.from(exported.contentBase64, 'base64'), { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: '' });
    rows[1]![rows[0]!.indexOf('Point name')] = 'Imported';
    const bytes = XLSX.write(
      { SheetNames: ['Points'], Sheets: { Points: XLSX.utils.aoa_to_sheet(rows) } },
      { type: 'buffer', bookType: 'xlsx' },
    ) as Buffer;
    expect((await postFile(env, { versionId: protocol.versionId }, { name: 'points.xlsx', bytes })).body).toMatchObject(
      { error_code: 0, objectResult: { updated: 1, unchanged: 1 } },
    );
    expect(await ok(pointById, { pointId: changed.pointId })).toMatchObject({
      pointName: 'Imported',
      version: changed.version + 1,
    });
    expect(await ok(pointById, { pointId: kept.pointId })).toMatchObject({ version: kept.version });
    const stale = await call(
      env.t.app,
      updatePoint,
      { pointId: changed.pointId, version: changed.version, point: pointBody(1, 'first', { pointName: 'Lost' }) },
      env.maker,
    );
    expect(stale.body.error_code).toBe(ErrorCode.STALE_VERSION);
    expect((await ok<ProtocolPoint>(pointById, { pointId: changed.pointId })).pointName).toBe('Imported');
    await ok(updatePoint, {
      pointId: kept.pointId,
      version: kept.version,
      point: pointBody(2, 'second', { pointName: 'Edited' }),
    });
  });

  // Two edits truly at once need two connections: PostgreSQL only (PGlite has one, which serializes them anyway).
  for (const kind of KINDS) {
    it.skipIf(!process.env.DATABASE_URL)(
      `${kind.name}: of two edits running at once with the same version exactly one wins`,
      async () => {
        const record = await kind.make();
        const [first, second] = marks();
        const answers = await Promise.all(
          [first, second].map((mark) => {
            const [def, body] = kind.edit(record.id, record.version, mark);
            return call(env.t.app, def, body, env.maker);
          }),
        );
        expect(answers.map((a) => a.body.error_code).sort((a, b) => a - b)).toEqual([0, ErrorCode.STALE_VERSION]);
        const winner = answers[0]!.body.error_code === 0 ? first : second;
        expect(await kind.read(record.id)).toEqual({ mark: winner, version: record.version + 1 });
      },
    );
  }
});
