import { Button, getAllButtonRoles, getDealersByUser, getSaleScope, listMembers, parseButtonList } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { DemoPhone } from './demo.ts';
import { seedOrganizationDemo } from './organization-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seedDemo: true });
});
afterAll(async () => t.close());

describe('organization demo data', () => {
  it('runs once', async () => {
    expect(await seedOrganizationDemo(t.db)).toBe(false);
  });

  it('keeps the level-2 demo account to Home and Device management', async () => {
    const sessionid = await loginAs(t.app, DemoPhone.LEVEL2_DEVICES_ONLY);
    const [company] = (await call<Array<{ dealersId: string }>>(t.app, getDealersByUser, {}, { sessionid })).body
      .objectResult!;
    const buttons = await call<string>(t.app, getAllButtonRoles, { dealersId: company!.dealersId }, { sessionid });
    expect(parseButtonList(buttons.body.objectResult)).toEqual([Button.HOME, Button.DEVICE_MANAGE, Button.DEVICES]);
  });

  it('gives the demo dealers sale scopes and more members', async () => {
    const sessionid = await loginAs(t.app, DemoPhone.OPERATOR);
    const [platform] = (await call<Array<{ dealersId: string }>>(t.app, getDealersByUser, {}, { sessionid })).body
      .objectResult!;
    const as = { sessionid, dealersId: platform!.dealersId };
    const members = await call<{ totalSize: number }>(t.app, listMembers, {}, as);
    expect(members.body.objectResult!.totalSize).toBeGreaterThanOrEqual(12);
    const north = await t.db
      .selectFrom('dealers')
      .select('id')
      .where('code', '=', 'D1-NORTH')
      .executeTakeFirstOrThrow();
    expect(
      (await call<{ areas: string[] }>(t.app, getSaleScope, { id: north.id }, as)).body.objectResult?.areas,
    ).toEqual(['110000', '120000', '130000']);
  });
});
