import { ErrorCode } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { freshPhone } from '../../../test/people-setup.ts';
import { startWhileHeld } from '../../../test/locks.ts';
import { hashTypedPassword, insertAccount, refuseTakenName } from './accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('duplicate login names', () => {
  // Only PostgreSQL runs two transactions at once; PGlite has one connection, which serializes them anyway.
  it.skipIf(!process.env.DATABASE_URL)(
    'a second writer of the same name waits for the first and is then refused',
    async () => {
      const phone = freshPhone();
      const passwordHash = await hashTypedPassword('Race2024ok');
      // Without the lock the second check would already have passed while the first row is not committed yet.
      const refusal = await startWhileHeld(
        t.db,
        async (first) => {
          await refuseTakenName(first, 'user', phone, null);
          await insertAccount(first, { identity: 'user', userName: phone, realName: 'First', email: '', passwordHash });
        },
        () => t.db.transaction().execute(async (other) => refuseTakenName(other, 'user', phone, null)),
      ).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe(ErrorCode.PHONE_EXISTS);
    },
  );

  it('refuses a name of the same identity only, and not the account itself', async () => {
    const phone = freshPhone();
    const passwordHash = await hashTypedPassword('Names2024');
    const id = await insertAccount(t.db, {
      identity: 'engineer',
      userName: phone,
      realName: 'Engineer',
      email: '',
      passwordHash,
    });
    await expect(
      t.db.transaction().execute((trx) => refuseTakenName(trx, 'engineer', phone, id)),
    ).resolves.toBeUndefined();
    await expect(
      t.db.transaction().execute((trx) => refuseTakenName(trx, 'user', phone, null)),
    ).resolves.toBeUndefined();
    const refusal = await t.db
      .transaction()
      .execute((trx) => refuseTakenName(trx, 'engineer', phone, null))
      .catch((error: unknown) => error);
    expect((refusal as AppError).code).toBe(ErrorCode.PHONE_EXISTS);
  });
});
