import {
  ALL_BUTTON_IDS,
  Button,
  ErrorCode,
  formatButtonList,
  getAllButtonRoles,
  getDealersByUser,
  listNotices,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPhone } from '../../db/seed/demo.ts';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const dealerId = async (code: string) =>
  (await t.db.selectFrom('dealers').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

describe('companies of the account', () => {
  it('lists both companies of the two-company member, by level then name', async () => {
    const token = await loginAs(t.app, DemoPhone.TWO_COMPANIES);
    const { body } = await call(t.app, getDealersByUser, {}, { sessionid: token });
    expect(body.objectResult).toEqual([
      { dealersId: await dealerId('D1-EAST'), dealersName: 'East China Distribution', level: 1 },
      { dealersId: await dealerId('D1-NORTH'), dealersName: 'North China Distribution', level: 1 },
    ]);
  });

  it('answers an empty list for the account without a company', async () => {
    const token = await loginAs(t.app, DemoPhone.NO_COMPANY);
    expect((await call(t.app, getDealersByUser, {}, { sessionid: token })).body.objectResult).toEqual([]);
  });
});

describe('permission buttons (get_all_btn_role)', () => {
  it('answers the bracketed list of the role buttons in that company', async () => {
    const token = await loginAs(t.app, DemoPhone.LEVEL2_DEVICES_ONLY);
    const { body } = await call(
      t.app,
      getAllButtonRoles,
      { dealersId: await dealerId('D2-BEIJING') },
      { sessionid: token },
    );
    expect(body).toEqual({ error_code: 0, error_msg: 'Success', objectResult: '[B80,B93,B94]' });
  });

  it('differs per company for the two-company member', async () => {
    const token = await loginAs(t.app, DemoPhone.TWO_COMPANIES);
    const east = await call(t.app, getAllButtonRoles, { dealersId: await dealerId('D1-EAST') }, { sessionid: token });
    expect(east.body.objectResult).toBe(
      formatButtonList([Button.HOME, Button.HOME_KEY_PROJECTS, Button.PROJECT_MANAGE, Button.PROJECTS]),
    );
    const north = await call<string>(
      t.app,
      getAllButtonRoles,
      { dealersId: await dealerId('D1-NORTH') },
      { sessionid: token },
    );
    expect(north.body.objectResult).toContain('B135');
    expect(north.body.objectResult).not.toContain('B113');
  });

  it('gives the platform operator every button', async () => {
    const token = await loginAs(t.app, DemoPhone.OPERATOR);
    const { body } = await call<string>(
      t.app,
      getAllButtonRoles,
      { dealersId: await dealerId('AURORA') },
      { sessionid: token },
    );
    expect(body.objectResult!.slice(1, -1).split(',').sort()).toEqual([...ALL_BUTTON_IDS].sort());
  });

  it('answers NOT_A_MEMBER for a company the account does not belong to, in both languages', async () => {
    const token = await loginAs(t.app, DemoPhone.LEVEL2_DEVICES_ONLY);
    const english = await call(t.app, getAllButtonRoles, { dealersId: await dealerId('AURORA') }, { sessionid: token });
    expect(english.body).toEqual({
      error_code: ErrorCode.NOT_A_MEMBER,
      error_msg: 'You are not a member of this enterprise',
      objectResult: null,
    });
    const chinese = await call(
      t.app,
      getAllButtonRoles,
      { dealersId: 'not-an-id' },
      { sessionid: token, language: 'zh_CN' },
    );
    expect(chinese.body.error_code).toBe(ErrorCode.NOT_A_MEMBER);
    expect(chinese.body.error_msg).toBe('您不是该企业的成员');
  });

  it('requires dealersId', async () => {
    const token = await loginAs(t.app, DemoPhone.LEVEL2_DEVICES_ONLY);
    const { status, body } = await call(t.app, getAllButtonRoles, {}, { sessionid: token });
    expect(status).toBe(400);
    expect(body.error_msg).toBe('Invalid request: dealersId: Please choose an enterprise');
  });
});

describe('button check on calls', () => {
  it('applies a role change from the very next call', async () => {
    const company = await newDealer(t.db);
    const user = await newUser(t.db);
    const { roleId } = await newMember(t.db, company, user.id, [Button.HOME]);
    const token = await loginAs(t.app, user.phone);
    const before = await call(t.app, listNotices, {}, { sessionid: token, dealersId: company });
    expect(before.body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
    await t.db.insertInto('role_buttons').values({ role_id: roleId, button_id: Button.MESSAGES }).execute();
    expect((await call(t.app, listNotices, {}, { sessionid: token, dealersId: company })).body.error_code).toBe(0);
    await t.db
      .deleteFrom('role_buttons')
      .where('role_id', '=', roleId)
      .where('button_id', '=', Button.MESSAGES)
      .execute();
    expect((await call(t.app, listNotices, {}, { sessionid: token, dealersId: company })).body.error_code).toBe(
      ErrorCode.PERMISSION_DENIED,
    );
  });

  it('does not let a button held in one company work in another', async () => {
    const token = await loginAs(t.app, DemoPhone.OPERATOR);
    const refused = await call(t.app, listNotices, {}, { sessionid: token, dealersId: await dealerId('D1-NORTH') });
    expect(refused.body).toEqual({
      error_code: ErrorCode.PERMISSION_DENIED,
      error_msg: 'You do not have permission for this operation',
      objectResult: null,
    });
    const missing = await call(t.app, listNotices, {}, { sessionid: token });
    expect(missing.body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
  });
});
