import { ErrorCode, type addDepartment, type Department, type updateDepartment } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/index.ts';
import { type Actor, ownerForNewRecord } from '../managed-accounts/index.ts';
import {
  codeTaken,
  deleteDepartmentRow,
  findDepartment,
  insertDepartment,
  lockedPdaUserCount,
  updateDepartmentRow,
  type DepartmentColumns,
} from './repo.ts';

/** The rules of departments: codes unique per owner, a department with PDA users stays, foreign ids answer NOT_FOUND. */

const departmentInScope = (db: Kysely<DB>, scope: DealerScope, departmentId: string): Promise<Department> =>
  foundOrFail(findDepartment(db, scope, departmentId));

/** Serializes writers of one owner's department codes, so that two requests cannot take the same code. */
const lockCodes = (trx: Kysely<DB>, ownerDealerId: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`department-codes:${ownerDealerId}`}))`.execute(trx);

const columnsOf = (input: z.output<typeof addDepartment.request>): DepartmentColumns => ({
  code: input.departmentCode,
  name: input.departmentName,
  production_base: input.productionBase,
});

/** Adds a department owned by the scope's company or a dealer of its subtree. */
export async function addScopedDepartment(
  db: Kysely<DB>,
  scope: DealerScope,
  actor: Actor,
  input: z.output<typeof addDepartment.request>,
): Promise<Department> {
  const ownerDealerId = await ownerForNewRecord(db, scope, input.ownerDealerId);
  const id = await db.transaction().execute(async (trx) => {
    await lockCodes(trx, ownerDealerId);
    if (await codeTaken(trx, scope, ownerDealerId, input.departmentCode, null)) fail(ErrorCode.DEPARTMENT_CODE_EXISTS);
    return insertDepartment(trx, { dealerId: ownerDealerId }, columnsOf(input), actor);
  });
  return departmentInScope(db, scope, id);
}

/** Changes a department of the scope. */
export async function updateScopedDepartment(
  db: Kysely<DB>,
  scope: DealerScope,
  input: z.output<typeof updateDepartment.request>,
): Promise<Department> {
  const department = await departmentInScope(db, scope, input.departmentId);
  await db.transaction().execute(async (trx) => {
    await lockCodes(trx, department.ownerDealerId);
    if (await codeTaken(trx, scope, department.ownerDealerId, input.departmentCode, department.departmentId))
      fail(ErrorCode.DEPARTMENT_CODE_EXISTS);
    await updateDepartmentRow(trx, department, columnsOf(input));
  });
  return departmentInScope(db, scope, department.departmentId);
}

/** Deletes a department of the scope that no PDA user belongs to (else DEPARTMENT_IN_USE with the count). */
export async function deleteScopedDepartment(db: Kysely<DB>, scope: DealerScope, departmentId: string): Promise<void> {
  const department = await departmentInScope(db, scope, departmentId);
  await db.transaction().execute(async (trx) => {
    const users = await lockedPdaUserCount(trx, department);
    if (users > 0) fail(ErrorCode.DEPARTMENT_IN_USE, { count: users });
    await deleteDepartmentRow(trx, department);
  });
}
