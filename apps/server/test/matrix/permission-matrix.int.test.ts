import { ALL_BUTTON_IDS, ErrorCode } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, startTestApp, type TestApp } from '../harness.ts';
import { newDealer, newMember, newUser } from '../factories.ts';

/**
 * Each call that declares a button, made by a member of a level-0 company whose only role holds
 * every button but that one (PERMISSION_DENIED), then, after the role gains it, the very next call
 * on the same session (anything but PERMISSION_DENIED): role changes count from the next call.
 */
describe('permission matrix', () => {
  let t: TestApp;
  let checked = 0;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    console.log(`permission matrix: ${checked} calls, each without and with its button`);
    await t.close();
  });

  it('refuses each call without its button and admits it with the button', async () => {
    const company = await newDealer(t.db, { level: 0 });
    const user = await newUser(t.db);
    const { roleId } = await newMember(t.db, company, user.id, ALL_BUTTON_IDS);
    const sessionid = await loginAs(t.app, user.phone);
    const handled = new Set(t.routes.map((entry) => entry.call));
    const calls = [...handled].filter((entry) => entry.button !== null);
    expect(calls.length).toBeGreaterThan(30);
    for (const entry of calls) {
      const button = entry.button!;
      await t.db.deleteFrom('role_buttons').where('role_id', '=', roleId).where('button_id', '=', button).execute();
      const without = await call(t.app, entry, {}, { sessionid, dealersId: company });
      expect(without.body.error_code, `${entry.path} without ${button}`).toBe(ErrorCode.PERMISSION_DENIED);
      await t.db.insertInto('role_buttons').values({ role_id: roleId, button_id: button }).execute();
      const withIt = await call(t.app, entry, {}, { sessionid, dealersId: company });
      expect(withIt.body.error_code, `${entry.path} with ${button}: ${JSON.stringify(withIt.body)}`).not.toBe(ErrorCode.PERMISSION_DENIED);
      checked += 1;
    }
  });
});
