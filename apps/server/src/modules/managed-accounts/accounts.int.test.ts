import { ErrorCode } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { freshPhone } from '../../../test/people-setup.ts';
import { backendOf, untilBlockedBehind } from '../../../test/locks.ts';
import { besideTransaction } from '../../db/transaction-guard.ts';
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
      let second: Promise<unknown> | null = null;
      let secondSettled = false;
      await t.db.transaction().execute(async (first) => {
        const firstBackend = await backendOf(first);
        await refuseTakenName(first, 'user', phone, null);
        await insertAccount(first, { identity: 'user', userName: phone, realName: 'First', email: '', passwordHash });
        second = besideTransaction(() =>
          t.db.transaction().execute(async (other) => refuseTakenName(other, 'user', phone, null)),
        );
        second.then(
          () => (secondSettled = true),
          () => (secondSettled = true),
        );
        await untilBlockedBehind(t.db, firstBackend);
        // Without the lock the second check would already have passed: the first row is not committed yet.
        expect(secondSettled).toBe(false);
      });
      const refusal = await second!.then(
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
