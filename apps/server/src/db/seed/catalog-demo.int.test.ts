import { pointFields } from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/harness.ts';
import { fieldsOf, loadDataTypes, versionPoints } from '../../modules/points/point-row.ts';
import { compilePoints } from '../../modules/points/table-check.ts';
import { seedCatalogDemo } from './catalog-demo.ts';
import { CATALOG_VIEWER_PHONE } from './catalog-viewer.ts';

describe('demo catalog seed', () => {
  it('seeds data types, series, the HP-STD protocol with its points and two products, once', async () => {
    const t = await startTestApp();
    try {
      expect(await seedCatalogDemo(t.db)).toBe(false);
      const types = await t.db
        .selectFrom('data_types')
        .select(['name', 'en_name', 'report_rule', 'send_rule', 'signed', 'sort_order'])
        .orderBy('sort_order')
        .execute();
      // Every catalog record named in both languages: Chinese in name, English in en_name (issue 20).
      expect(types.map((type) => [type.name, type.en_name])).toEqual([
        ['无符号整数', 'unsigned'],
        ['有符号整数', 'signed'],
        ['有符号 ×0.1', 'signed x0.1'],
        ['无符号 ×0.1', 'unsigned x0.1'],
        ['无符号 ×0.01', 'unsigned x0.01'],
      ]);
      expect(await t.db.selectFrom('series').select(['name', 'en_name']).orderBy('id').execute()).toEqual([
        { name: '空气源热泵', en_name: 'Air source heat pump' },
        { name: '空气能热水器', en_name: 'Air energy water heater' },
      ]);
      const protocols = await t.db.selectFrom('protocols').select(['id', 'code', 'name', 'en_name']).execute();
      expect(protocols.map((p) => [p.code, p.name, p.en_name])).toEqual([
        ['HP-STD', '热泵标准协议', 'Heat pump standard'],
      ]);
      const points = await t.db.selectFrom('protocol_points').select(['address', 'code']).orderBy('address').execute();
      expect(points).toHaveLength(16);
      const products = await t.db
        .selectFrom('products')
        .select(['name', 'en_name', 'data_format', 'message_type', 'protocol_id'])
        .orderBy('product_key')
        .execute();
      // Named in both languages: Chinese in name, English in en_name.
      expect(products).toEqual([
        {
          name: '空气源热泵 A200',
          en_name: 'Heat pump A200',
          data_format: 'custom',
          message_type: 'pm',
          protocol_id: protocols[0]!.id,
        },
        {
          name: '智能热水器 X1',
          en_name: 'Smart water heater X1',
          data_format: 'alink',
          message_type: 'tm',
          protocol_id: null,
        },
      ]);
      const model = await t.db
        .selectFrom('thing_models')
        .select(['published', 'published_version'])
        .executeTakeFirstOrThrow();
      expect(model.published_version).toBe(1);
      expect(model.published).toMatchObject({
        properties: expect.arrayContaining([expect.objectContaining({ identifier: 'TargetTemperature' })]),
        events: [expect.anything()],
        services: [expect.anything()],
      });
      // The seeded table is one the point editor could have saved: every point passes the contract and the whole table compiles.
      const version = await t.db
        .selectFrom('protocol_versions')
        .select('id')
        .where('protocol_id', '=', protocols[0]!.id)
        .executeTakeFirstOrThrow();
      const stored = (await versionPoints(t.db, version.id, 'zh-CN')).map(fieldsOf);
      for (const fields of stored) expect(pointFields.safeParse(fields).success, fields.pointCode).toBe(true);
      expect(compilePoints(stored, await loadDataTypes(t.db)).ok).toBe(true);
      // A level-1 member reads the catalog: the menu shows it, the writes answer CATALOG_READ_ONLY (e2e/catalog-read-only).
      const viewer = await t.db
        .selectFrom('users as u')
        .innerJoin('members as m', 'm.user_id', 'u.id')
        .innerJoin('dealers as d', 'd.id', 'm.dealer_id')
        .select(['d.code', 'd.level'])
        .where('u.user_name', '=', CATALOG_VIEWER_PHONE)
        .executeTakeFirstOrThrow();
      expect(viewer).toEqual({ code: 'D1-NORTH', level: 1 });
    } finally {
      await t.close();
    }
  });
});
