import {
  ALL_BUTTON_IDS,
  Button,
  callButtons,
  CLOUD_API,
  ErrorCode,
  getDealersProject,
  updateProjectIsImportant,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, startTestApp, type TestApp } from '../harness.ts';
import { newDealer, newMember, newUser } from '../factories.ts';
import { apiAs, PERMISSION_OUTCOMES, type MatrixContext } from './permission-outcomes.ts';

/**
 * Each call that declares a button, made by a member of a level-0 company whose only role holds
 * every button but that one (PERMISSION_DENIED), then, after the role gains it, the very next call
 * on the same session, which must answer the outcome recorded for the call in
 * permission-outcomes.ts (success with a body that should succeed, or the stated refusal): role
 * changes count from the next call, and the button admits the call for real. A call with further buttons
 * (contract `orButtons`) is refused without all of them and admitted by each one alone.
 */
const domainOf = (path: string): string => path.slice(CLOUD_API.length + 1).split('/')[0]!;
/** The domains of the recorded calls; the first test proves they are exactly the calls with a button. */
const DOMAINS = [...new Set(Object.keys(PERMISSION_OUTCOMES).map(domainOf))];

describe('permission matrix', () => {
  let t: TestApp;
  let ctx: MatrixContext;
  let roleId: string;
  let checked = 0;
  beforeAll(async () => {
    t = await startTestApp();
    const company = await newDealer(t.db, { level: 0 });
    const user = await newUser(t.db);
    roleId = (await newMember(t.db, company, user.id, ALL_BUTTON_IDS)).roleId;
    const options = { sessionid: await loginAs(t.app, user.phone), dealersId: company };
    ctx = { t, company, options, api: (entry, payload) => apiAs(t, options, entry, payload) };
  });
  afterAll(async () => {
    console.log(`permission matrix: ${checked} calls, each without and with its button`);
    await t.close();
  });

  it('records the outcome of every call with a button, and of no call that is gone', () => {
    const withButton = t.routes
      .map((entry) => entry.call)
      .filter((entry) => entry.button !== null)
      .map((entry) => entry.path);
    expect(withButton.length).toBeGreaterThan(30);
    // The key project tab (B81) loads through the project list's call: the matrix checks each of its buttons.
    expect(callButtons(getDealersProject)).toEqual([Button.PROJECTS, Button.HOME_KEY_PROJECTS]);
    expect(callButtons(updateProjectIsImportant)).toEqual([Button.PROJECTS, Button.HOME_KEY_PROJECTS]);
    expect(
      withButton.filter((path) => !(path in PERMISSION_OUTCOMES)),
      'calls without an entry in permission-outcomes.ts',
    ).toEqual([]);
    expect(
      Object.keys(PERMISSION_OUTCOMES).filter((path) => !withButton.includes(path)),
      'entries of calls that no longer exist',
    ).toEqual([]);
  });

  // One test per domain (the path's first segment after the API prefix): each stays well inside the
  // test timeout on a loaded machine, where the whole matrix at once took 40-55 s, and a failure names its domain.
  it.each(DOMAINS)(
    'refuses each %s call without its button and gives the recorded outcome with the button',
    async (domain) => {
      const calls = t.routes
        .map((entry) => entry.call)
        .filter((entry) => entry.button !== null && domainOf(entry.path) === domain);
      expect(calls.length, `calls of ${domain} with a button`).toBeGreaterThan(0);
      const wrong: string[] = [];
      for (const entry of calls) {
        // A call serving two screens is admitted by any one of its buttons (contract callButtons):
        // without all of them it is refused, and each one alone gives the recorded outcome.
        const buttons = callButtons(entry);
        const outcome = PERMISSION_OUTCOMES[entry.path] ?? {};
        // The body is prepared while every button is held: it may create the records it addresses.
        const body = (await outcome.body?.(ctx)) ?? {};
        await t.db.deleteFrom('role_buttons').where('role_id', '=', roleId).where('button_id', 'in', buttons).execute();
        const without = await call(t.app, entry, body, ctx.options);
        expect(without.body.error_code, `${entry.path} without ${buttons.join(', ')}`).toBe(
          ErrorCode.PERMISSION_DENIED,
        );
        for (const button of buttons) {
          await t.db.insertInto('role_buttons').values({ role_id: roleId, button_id: button }).execute();
          const withIt = await call(t.app, entry, body, ctx.options);
          const expected = outcome.expect ?? ErrorCode.OK;
          if (withIt.body.error_code !== expected)
            wrong.push(
              `${entry.path} with ${button}: expected ${expected}, got ${JSON.stringify(withIt.body).slice(0, 300)}`,
            );
          if (buttons.length > 1)
            await t.db
              .deleteFrom('role_buttons')
              .where('role_id', '=', roleId)
              .where('button_id', '=', button)
              .execute();
        }
        if (buttons.length > 1)
          await t.db
            .insertInto('role_buttons')
            .values(buttons.map((button) => ({ role_id: roleId, button_id: button })))
            .execute();
        checked += 1;
      }
      expect(wrong).toEqual([]);
    },
  );
});
