import { ErrorCode } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { insertCustomer, insertDepartment, insertEngineer, insertPdaUser } from '../../db/seed/people-records.ts';
import { newDealer } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { freshLoginName, freshPhone } from '../../../test/people-setup.ts';
import { assertNoPeopleRecords, countPeopleRecordsOwnedBy } from './owned-records.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('people records owned by a dealer', () => {
  it('counts customers, engineers, departments and PDA users, and refuses while there are any', async () => {
    const dealer = await newDealer(t.db, { level: 0 });
    await expect(assertNoPeopleRecords(t.db, dealer)).resolves.toBeUndefined();
    await insertCustomer(t.db, { ownerDealerId: dealer, phone: freshPhone(), userName: 'C', password: 'Owned2024' });
    await insertEngineer(t.db, { ownerDealerId: dealer, phone: freshPhone(), name: 'E', password: 'Owned2024' });
    const department = await insertDepartment(t.db, { ownerDealerId: dealer, code: 'OWN-1', name: 'D', productionBase: 'B' });
    await insertPdaUser(t.db, { departmentId: department, userName: freshLoginName(), realName: 'P', password: 'Owned2024' });
    expect(await countPeopleRecordsOwnedBy(t.db, dealer)).toBe(4);
    const refusal = await assertNoPeopleRecords(t.db, dealer).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe(ErrorCode.DEALER_HAS_PEOPLE_RECORDS);
  });
});
