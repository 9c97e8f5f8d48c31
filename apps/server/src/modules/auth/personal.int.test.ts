import { ErrorCode, getPersonalInfo, updatePersonalInfo, updatePwd } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../../test/factories.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { call, digest, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { uploadedUrl } from '../../../test/uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('personal settings', () => {
  it('reads and updates name, email and avatar', async () => {
    const user = await newUser(t.db, { realName: 'Old Name' });
    const token = await loginAs(t.app, user.phone);
    expect((await call(t.app, getPersonalInfo, {}, { sessionid: token })).body.objectResult).toEqual({
      userId: user.id,
      userName: user.phone,
      realName: 'Old Name',
      email: '',
      img: '',
    });
    const img = await uploadedUrl(t.app, { sessionid: token });
    const updated = await call(
      t.app,
      updatePersonalInfo,
      { realName: 'New Name', email: 'new@example.com', img },
      { sessionid: token },
    );
    expect(updated.body.objectResult).toEqual({
      userId: user.id,
      userName: user.phone,
      realName: 'New Name',
      email: 'new@example.com',
      img,
    });
  });

  it('refuses a bad email and a foreign avatar URL, changing nothing', async () => {
    const user = await newUser(t.db, { realName: 'Kept' });
    const token = await loginAs(t.app, user.phone);
    const email = await call(
      t.app,
      updatePersonalInfo,
      { realName: 'X', email: 'nope', img: '' },
      { sessionid: token },
    );
    expect(email.body.error_msg).toBe('Invalid request: email: The email format is wrong');
    const img = await call(
      t.app,
      updatePersonalInfo,
      { realName: 'X', email: '', img: 'https://evil.example/x.png' },
      { sessionid: token },
    );
    expect(img.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect((await call(t.app, getPersonalInfo, {}, { sessionid: token })).body.objectResult).toMatchObject({
      realName: 'Kept',
      email: '',
    });
  });
});

describe('password change', () => {
  it('requires the current password and applies the password rule', async () => {
    const user = await newUser(t.db);
    const token = await loginAs(t.app, user.phone);
    const wrongOld = await call(
      t.app,
      updatePwd,
      { oldPassword: digest('Wrong123'), password: 'Better2024', confirmPassword: 'Better2024' },
      { sessionid: token, language: 'zh_CN' },
    );
    expect(wrongOld.body.error_code).toBe(ErrorCode.OLD_PASSWORD_WRONG);
    const weak = await call(
      t.app,
      updatePwd,
      { oldPassword: digest(), password: 'onlyletters', confirmPassword: 'onlyletters' },
      { sessionid: token },
    );
    expect(weak.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    const done = await call(
      t.app,
      updatePwd,
      { oldPassword: digest(), password: 'Better2024', confirmPassword: 'Better2024' },
      { sessionid: token },
    );
    expect(done.body.error_code).toBe(0);
    expect((await call(t.app, getPersonalInfo, {}, { sessionid: token })).body.error_code).toBe(0);
    const log = await t.db
      .selectFrom('account_log')
      .select('action')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(log.map((row) => row.action)).toEqual(['signIn', 'passwordChange']);
  });

  it('refuses the current password as the new one, on the new password field in the caller language, changing nothing', async () => {
    const user = await newUser(t.db);
    const token = await loginAs(t.app, user.phone);
    const before = await t.db
      .selectFrom('users')
      .select(['password_hash'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const same = { oldPassword: digest(), password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD };
    const en = await call(t.app, updatePwd, same, { sessionid: token });
    expect(en.body).toEqual({
      error_code: ErrorCode.NEW_PASSWORD_IS_CURRENT,
      error_msg: 'The new password must differ from the current password',
      objectResult: {
        fieldErrors: [{ field: 'password', message: 'The new password must differ from the current password' }],
      },
    });
    const zh = await call(t.app, updatePwd, same, { sessionid: token, language: 'zh_CN' });
    expect(zh.body).toMatchObject({
      error_code: ErrorCode.NEW_PASSWORD_IS_CURRENT,
      error_msg: '新密码不能与当前密码相同',
    });
    const after = await t.db
      .selectFrom('users')
      .select(['password_hash'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
    const log = await t.db
      .selectFrom('account_log')
      .select('action')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(log.map((row) => row.action)).toEqual(['signIn']);
  });

  it('puts a wrong current password on the current password field', async () => {
    const user = await newUser(t.db);
    const token = await loginAs(t.app, user.phone);
    const wrongOld = await call(
      t.app,
      updatePwd,
      { oldPassword: digest('Wrong123'), password: 'Better2024', confirmPassword: 'Better2024' },
      { sessionid: token },
    );
    expect(wrongOld.body.objectResult).toEqual({
      fieldErrors: [{ field: 'oldPassword', message: 'The current password is incorrect' }],
    });
  });
});
