import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addCustomer,
  addDepartment,
  addEngineer,
  addPdaUser,
  listAccountLog,
  listCustomers,
  listEngineers,
  resetCustomerPassword,
} from '../people.ts';

/** The field paths and message keys a schema refuses an input with. */
function problems(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

const goodCustomer = { userName: '王先生', phone: '13711112222', password: 'abc12345', confirmPassword: 'abc12345' };

describe('people contract', () => {
  it.each([
    [{ ...goodCustomer }, []],
    [{ ...goodCustomer, phone: '12811112222' }, ['phone:validation.phone.format']],
    [{ ...goodCustomer, email: 'a@b' }, ['email:validation.email.format']],
    [{ ...goodCustomer, password: 'abcdefgh', confirmPassword: 'abcdefgh' }, ['password:validation.password.format']],
    [{ ...goodCustomer, confirmPassword: 'abc123456' }, ['confirmPassword:validation.confirmPassword.mismatch']],
    [{ ...goodCustomer, userName: ' ' }, ['userName:validation.required']],
    [{ ...goodCustomer, img: 'http://evil.example/x.png' }, ['img:validation.image.url']],
  ])('addCustomer %j -> %j', (input, expected) => {
    expect(problems(addCustomer.request, input)).toEqual(expected);
  });

  it('rejects extra fields such as a level or __proto__', () => {
    expect(addCustomer.request.safeParse({ ...goodCustomer, level: 1 }).error?.issues[0]?.code).toBe(
      'unrecognized_keys',
    );
    const withProto = JSON.parse(
      '{"userName":"a","phone":"13711112222","password":"abc12345","confirmPassword":"abc12345","__proto__":{"x":1}}',
    );
    expect(addCustomer.request.safeParse(withProto).success).toBe(false);
  });

  it('applies list defaults and refuses unknown sort columns', () => {
    expect(listCustomers.request.parse({})).toMatchObject({
      pageIndex: 1,
      pageSize: 10,
      sortField: 'createTime',
      sortOrder: 'descend',
      locked: '',
    });
    expect(problems(listCustomers.request, { sortField: 'password_hash' })).toEqual([
      'sortField:people.validation.sortField',
    ]);
    expect(problems(listCustomers.request, { pageSize: 0 })).toEqual(['pageSize:validation.page.size']);
  });

  it('checks PDA user names, department codes and engineer fields', () => {
    const pda = {
      userName: 'pda_01',
      realName: '李四',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      departmentId: '3',
    };
    expect(problems(addPdaUser.request, pda)).toEqual([]);
    expect(problems(addPdaUser.request, { ...pda, userName: 'a b' })).toEqual([
      'userName:people.validation.loginName.format',
    ]);
    expect(problems(addPdaUser.request, { ...pda, departmentId: '' })).toEqual([
      'departmentId:people.validation.departmentId',
    ]);
    expect(
      problems(addDepartment.request, {
        departmentCode: 'ZZ 1',
        departmentName: '总装一车间',
        productionBase: '佛山基地',
      }),
    ).toEqual(['departmentCode:people.validation.departmentCode.format']);
    expect(
      problems(addDepartment.request, { departmentCode: 'ZZ-01', departmentName: '总装一车间', productionBase: '' }),
    ).toEqual(['productionBase:people.validation.productionBase.required']);
    const engineer = { name: '赵工', phone: '13922223333', password: 'abc12345', confirmPassword: 'abc12345' };
    expect(addEngineer.request.parse(engineer)).toMatchObject({ enabled: true, areaCodes: [], notes: '', email: '' });
    expect(problems(addEngineer.request, { ...engineer, phone: '1392222333' })).toEqual([
      'phone:validation.phone.format',
    ]);
    expect(problems(addEngineer.request, { ...engineer, areaCodes: ['110000', '440300'] })).toEqual([]);
    expect(problems(addEngineer.request, { ...engineer, areaCodes: ['北京市'] })).toEqual([
      'areaCodes.0:organization.validation.areaCode',
    ]);
    expect(
      problems(addEngineer.request, { ...engineer, areaCodes: Array.from({ length: 21 }, () => '110000') }),
    ).toEqual(['areaCodes:people.validation.areaCodesMax']);
    expect(problems(listEngineers.request, { area: 'Beijing' })).toEqual(['area:organization.validation.areaCode']);
  });

  it('checks the reset password and the account-log date range', () => {
    expect(
      problems(resetCustomerPassword.request, { customerId: '1', password: 'short1', confirmPassword: 'short1' }),
    ).toEqual(['password:validation.password.format']);
    expect(problems(listAccountLog.request, { startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual([
      'endDate:people.validation.dateRange',
    ]);
    expect(problems(listAccountLog.request, { action: 'drop' })).toHaveLength(1);
    expect(problems(listAccountLog.request, { startDate: '2026/05/01' })).toEqual(['startDate:people.validation.date']);
    expect(problems(listAccountLog.request, { startDate: '2026-02-30' })).toEqual(['startDate:people.validation.date']);
  });
});
