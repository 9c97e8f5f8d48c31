import { ErrorCode, queryNationInfo } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { DemoPhone } from '../../db/seed/demo.ts';

let t: TestApp;
let sessionid: string;
beforeAll(async () => {
  t = await startTestApp();
  sessionid = await loginAs(t.app, DemoPhone.LEVEL2_DEVICES_ONLY);
});
afterAll(async () => t.close());

describe('queryNationInfo (GB/T 2260)', () => {
  it('answers the provinces for the root, cities of a province, districts of a city', async () => {
    for (const root of ['', '0']) {
      const provinces = await call<Array<{ id: string; name: string }>>(
        t.app,
        queryNationInfo,
        { parentId: root },
        { sessionid },
      );
      expect(provinces.body.objectResult).toHaveLength(34);
      expect(provinces.body.objectResult).toContainEqual({
        id: '110000',
        name: '北京市',
        nameEn: 'Beijing',
        hasChildren: true,
      });
    }
    const hebei = await call<Array<{ id: string; name: string }>>(
      t.app,
      queryNationInfo,
      { parentId: '130000' },
      { sessionid },
    );
    expect(hebei.body.objectResult?.[0]).toEqual({
      id: '130100',
      name: '石家庄市',
      nameEn: 'Shijiazhuang',
      hasChildren: true,
    });
    const districts = await call<Array<{ id: string; hasChildren: boolean }>>(
      t.app,
      queryNationInfo,
      { parentId: '130100' },
      { sessionid },
    );
    expect(districts.body.objectResult?.every((node) => /^1301\d\d$/.test(node.id) && !node.hasChildren)).toBe(true);
    expect((await call(t.app, queryNationInfo, { parentId: '999999' }, { sessionid })).body.objectResult).toEqual([]);
  });

  it('answers the Chinese and the English name in either language, so the console picks one without asking again', async () => {
    for (const language of ['zh_CN', 'en_US']) {
      const provinces = await call<Array<{ id: string }>>(
        t.app,
        queryNationInfo,
        { parentId: '' },
        { sessionid, language },
      );
      expect(provinces.body.objectResult).toContainEqual({
        id: '440000',
        name: '广东省',
        nameEn: 'Guangdong',
        hasChildren: true,
      });
      const cities = await call<Array<{ id: string }>>(
        t.app,
        queryNationInfo,
        { parentId: '440000' },
        { sessionid, language },
      );
      expect(cities.body.objectResult).toContainEqual({
        id: '440100',
        name: '广州市',
        nameEn: 'Guangzhou',
        hasChildren: true,
      });
      const chongqing = await call<Array<{ id: string }>>(
        t.app,
        queryNationInfo,
        { parentId: '500000' },
        { sessionid, language },
      );
      expect(chongqing.body.objectResult).toContainEqual({
        id: '500101',
        name: '万州区',
        nameEn: 'Wanzhou',
        hasChildren: false,
      });
    }
  });

  it('refuses a malformed parent and a call without a session', async () => {
    expect((await call(t.app, queryNationInfo, { parentId: '13' }, { sessionid })).body.error_code).toBe(
      ErrorCode.BAD_REQUEST,
    );
    expect((await call(t.app, queryNationInfo, { parentId: '' })).body.error_code).toBe(ErrorCode.SESSION_EXPIRED);
  });
});
