import {
  ErrorCode,
  addDepartment,
  addPdaUser,
  deleteDepartment,
  deletePdaUser,
  departmentOptions,
  listDepartments,
  updateDepartment,
  type Department,
} from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { insertDepartment, insertPdaUser } from '../../db/seed/people-records.ts';
import { call } from '../../../test/harness.ts';
import { freshLoginName, usePeopleApp } from '../../../test/people-setup.ts';

const env = usePeopleApp();

let sequence = 0;
const code = () => `D-${Date.now().toString(36)}-${(sequence += 1)}`;
const body = (departmentCode = code()) => ({
  departmentCode,
  departmentName: '总装一车间',
  productionBase: '佛山顺德生产基地',
});
const departmentRow = (id: string) =>
  env.t.db.selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirst();

describe('departments', () => {
  it('creates a department with its creator and times, and lists it', async () => {
    const input = body();
    const added = await call<Department>(env.t.app, addDepartment, input, env.tree.asCaller);
    expect(added.body.error_code).toBe(0);
    const department = added.body.objectResult!;
    expect(department).toMatchObject({
      ...input,
      creator: env.tree.caller.realName,
      pdaUserCount: 0,
      ownerDealerId: env.tree.A,
    });
    expect(department.createTime).toBe(department.updateTime);
    const listed = await call<{ list: Department[]; totalSize: number }>(
      env.t.app,
      listDepartments,
      { departmentCode: input.departmentCode },
      env.tree.asCaller,
    );
    expect(listed.body.objectResult!.list.map((entry) => entry.departmentId)).toEqual([department.departmentId]);
  });

  it("refuses a code the owner already uses ('department code already exists'), but another company may use it", async () => {
    const input = body();
    await call(env.t.app, addDepartment, input, env.tree.asCaller);
    const taken = await call(env.t.app, addDepartment, input, { ...env.tree.asCaller, language: 'zh_CN' });
    expect(taken.body).toEqual({
      error_code: ErrorCode.DEPARTMENT_CODE_EXISTS,
      error_msg: '部门编码已存在',
      objectResult: null,
    });
    expect(
      (await call(env.t.app, addDepartment, { ...input, ownerDealerId: env.tree.A1 }, env.tree.asCaller)).body
        .error_code,
    ).toBe(0);
  });

  it('refuses bad fields with readable messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...body(), departmentCode: 'has space' }, 'The department code is 1-32 letters, digits, - or _'],
      [{ ...body(), departmentName: '_车间' }, 'Only Chinese, letters, digits, spaces and underscore'],
      [{ ...body(), departmentName: '   ' }, 'Please enter the department name'],
      [{ ...body(), productionBase: '' }, 'Please enter the production base'],
      [{ ...body(), parentId: env.tree.P }, 'Unknown field: parentId'],
    ];
    for (const [input, message] of cases) {
      const refused = await call(env.t.app, addDepartment, input, env.tree.asCaller);
      expect(refused.body.error_code).toBe(ErrorCode.BAD_REQUEST);
      expect(refused.body.error_msg).toContain(message);
    }
  });

  it('takes a name of several words, trimming its ends (an English name needs no underscores)', async () => {
    const added = await call<Department>(
      env.t.app,
      addDepartment,
      { ...body(), departmentName: '  Finished goods warehouse ' },
      env.tree.asCaller,
    );
    expect(added.body.objectResult).toMatchObject({ departmentName: 'Finished goods warehouse' });
    expect(await departmentRow(added.body.objectResult!.departmentId)).toMatchObject({
      name: 'Finished goods warehouse',
    });
    const refused = await call(
      env.t.app,
      addDepartment,
      { ...body(), departmentName: ' _Finished goods' },
      { ...env.tree.asCaller, language: 'zh_CN' },
    );
    expect(refused.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(refused.body.error_msg).toContain('只能包含中文、字母、数字、空格和下划线');
  });

  it('edits code, name and base; the update time moves and the create time stays', async () => {
    const id = await insertDepartment(env.t.db, {
      ownerDealerId: env.tree.A1,
      code: code(),
      name: '旧车间',
      productionBase: '合肥',
    });
    const before = (await departmentRow(id))!;
    const input = { departmentId: id, ...body() };
    const edited = await call<Department>(env.t.app, updateDepartment, input, env.tree.asCaller);
    expect(edited.body.objectResult).toMatchObject({
      departmentCode: input.departmentCode,
      departmentName: '总装一车间',
      createTime: before.created_at.toISOString(),
    });
    expect(new Date(edited.body.objectResult!.updateTime).getTime()).toBeGreaterThan(before.updated_at.getTime());
  });

  it('refuses to delete a department with PDA users, then deletes it once they are gone', async () => {
    const id = await insertDepartment(env.t.db, {
      ownerDealerId: env.tree.A,
      code: code(),
      name: '品质检验部',
      productionBase: '合肥',
    });
    const pdaUserId = await insertPdaUser(env.t.db, {
      departmentId: id,
      userName: freshLoginName(),
      realName: '刘芳',
      password: 'Pda12345',
    });
    const refused = await call(env.t.app, deleteDepartment, { departmentId: id }, env.tree.asCaller);
    expect(refused.body).toEqual({
      error_code: ErrorCode.DEPARTMENT_IN_USE,
      error_msg: 'This department still has 1 PDA user(s); move or delete them first',
      objectResult: null,
    });
    expect(await departmentRow(id)).toBeDefined();
    expect((await call(env.t.app, deletePdaUser, { pdaUserId }, env.tree.asCaller)).body.error_code).toBe(0);
    expect((await call(env.t.app, deleteDepartment, { departmentId: id }, env.tree.asCaller)).body.error_code).toBe(0);
    expect(await departmentRow(id)).toBeUndefined();
  });

  it('lists, sorts and offers only the departments of the subtree', async () => {
    const mark = `S${Date.now().toString(36)}`;
    for (const [owner, suffix] of [
      [env.tree.A, 'a'],
      [env.tree.A1, 'b'],
      [env.tree.P, 'c'],
      [env.tree.B, 'd'],
    ] as const) {
      await insertDepartment(env.t.db, {
        ownerDealerId: owner,
        code: `${mark}-${suffix}`,
        name: `Dept ${suffix}`,
        productionBase: 'Base',
      });
    }
    const listed = await call<{ list: Department[]; totalSize: number }>(
      env.t.app,
      listDepartments,
      { departmentCode: mark, sortField: 'departmentCode', sortOrder: 'descend' },
      env.tree.asCaller,
    );
    expect(listed.body.objectResult!.list.map((entry) => entry.departmentCode)).toEqual([`${mark}-b`, `${mark}-a`]);
    const options = await call<Array<{ departmentCode: string }>>(env.t.app, departmentOptions, {}, env.tree.asCaller);
    const codes = options.body
      .objectResult!.map((entry) => entry.departmentCode)
      .filter((entry) => entry.startsWith(mark))
      .sort();
    expect(codes).toEqual([`${mark}-a`, `${mark}-b`]);
  });

  it('answers NOT_FOUND for departments of the parent and the sibling, changing nothing', async () => {
    for (const owner of [env.tree.P, env.tree.B]) {
      const id = await insertDepartment(env.t.db, {
        ownerDealerId: owner,
        code: code(),
        name: 'Foreign',
        productionBase: 'Elsewhere',
      });
      const before = await departmentRow(id);
      expect(
        (await call(env.t.app, updateDepartment, { departmentId: id, ...body() }, env.tree.asCaller)).body.error_code,
      ).toBe(ErrorCode.NOT_FOUND);
      expect((await call(env.t.app, deleteDepartment, { departmentId: id }, env.tree.asCaller)).body.error_code).toBe(
        ErrorCode.NOT_FOUND,
      );
      const pda = {
        userName: freshLoginName(),
        realName: 'Foreign',
        password: 'Pda12345',
        confirmPassword: 'Pda12345',
        departmentId: id,
      };
      expect((await call(env.t.app, addPdaUser, pda, env.tree.asCaller)).body.error_code).toBe(ErrorCode.NOT_FOUND);
      expect(await departmentRow(id)).toEqual(before);
      expect(
        await env.t.db.selectFrom('users').select('id').where('user_name', '=', pda.userName).executeTakeFirst(),
      ).toBeUndefined();
    }
    expect(
      (await call(env.t.app, addDepartment, { ...body(), ownerDealerId: env.tree.B }, env.tree.asCaller)).body
        .error_code,
    ).toBe(ErrorCode.NOT_FOUND);
  });
});
