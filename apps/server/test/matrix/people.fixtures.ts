import {
  addCustomer,
  addDepartment,
  addEngineer,
  addPdaUser,
  deleteCustomer,
  deleteDepartment,
  deleteEngineer,
  deletePdaUser,
  departmentOptions,
  listAccountLog,
  listCustomers,
  listDepartments,
  listEngineers,
  listPdaUsers,
  lockCustomer,
  lockEngineer,
  lockPdaUser,
  resetCustomerPassword,
  resetEngineerPassword,
  resetPdaUserPassword,
  unlockCustomer,
  unlockEngineer,
  unlockPdaUser,
  updateCustomer,
  updateDepartment,
  updateEngineer,
  updatePdaUser,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { insertCustomer, insertDepartment, insertEngineer, insertPdaUser } from '../../src/db/seed/people-records.ts';
import { freshLoginName, freshPhone } from '../people-setup.ts';
import type { FixtureModule, IsolationFixture } from './registry.ts';
import type { MatrixNode } from './tree.ts';

/** Isolation fixtures of the people records: each addresses a record owned by the target company. */

const PASSWORD = 'Matrix2024';
const newPassword = { password: 'Changed2024', confirmPassword: 'Changed2024' };
let sequence = 0;
const departmentCode = () => `MX-${Date.now().toString(36)}-${(sequence += 1)}`;

const customerOf = (db: Kysely<DB>, target: MatrixNode) =>
  insertCustomer(db, {
    ownerDealerId: target.dealerId,
    phone: freshPhone(),
    userName: 'Matrix customer',
    password: PASSWORD,
  });
const departmentOf = (db: Kysely<DB>, target: MatrixNode) =>
  insertDepartment(db, {
    ownerDealerId: target.dealerId,
    code: departmentCode(),
    name: 'Matrix department',
    productionBase: 'Matrix base',
  });
const pdaUserOf = async (db: Kysely<DB>, target: MatrixNode) =>
  insertPdaUser(db, {
    departmentId: await departmentOf(db, target),
    userName: freshLoginName(),
    realName: 'Matrix PDA',
    password: PASSWORD,
  });
const engineerOf = (db: Kysely<DB>, target: MatrixNode) =>
  insertEngineer(db, {
    ownerDealerId: target.dealerId,
    phone: freshPhone(),
    name: 'Matrix engineer',
    password: PASSWORD,
  });

const customerFields = () => ({ userName: 'Matrix customer', phone: freshPhone(), email: '', img: '' });
const pdaFields = () => ({ userName: freshLoginName(), realName: 'Matrix PDA', email: '' });
const engineerFields = () => ({
  name: 'Matrix engineer',
  phone: freshPhone(),
  email: '',
  areaCodes: ['110000'],
  notes: '',
  enabled: true,
});
const departmentFields = () => ({
  departmentCode: departmentCode(),
  departmentName: 'Matrix_department',
  productionBase: 'Matrix base',
});

export const isolationFixtures: readonly IsolationFixture[] = [
  // End customers.
  {
    call: addCustomer,
    makeForeignBody: (target) => ({
      ...customerFields(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ownerDealerId: target.dealerId,
    }),
  },
  {
    call: updateCustomer,
    makeForeignBody: async (target, _tree, db) => ({ customerId: await customerOf(db, target), ...customerFields() }),
  },
  {
    call: resetCustomerPassword,
    makeForeignBody: async (target, _tree, db) => ({ customerId: await customerOf(db, target), ...newPassword }),
  },
  { call: lockCustomer, makeForeignBody: async (target, _tree, db) => ({ customerId: await customerOf(db, target) }) },
  {
    call: unlockCustomer,
    makeForeignBody: async (target, _tree, db) => ({ customerId: await customerOf(db, target) }),
  },
  {
    call: deleteCustomer,
    makeForeignBody: async (target, _tree, db) => ({ customerId: await customerOf(db, target) }),
  },
  // Departments.
  { call: addDepartment, makeForeignBody: (target) => ({ ...departmentFields(), ownerDealerId: target.dealerId }) },
  {
    call: updateDepartment,
    makeForeignBody: async (target, _tree, db) => ({
      departmentId: await departmentOf(db, target),
      ...departmentFields(),
    }),
  },
  {
    call: deleteDepartment,
    makeForeignBody: async (target, _tree, db) => ({ departmentId: await departmentOf(db, target) }),
  },
  // PDA users: in a foreign department, the foreign PDA user itself, and an own PDA user moved into a foreign department.
  {
    call: addPdaUser,
    makeForeignBody: async (target, _tree, db) => ({
      ...pdaFields(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      departmentId: await departmentOf(db, target),
    }),
  },
  {
    call: updatePdaUser,
    makeForeignBody: async (target, tree, db) => ({
      pdaUserId: await pdaUserOf(db, target),
      ...pdaFields(),
      departmentId: await departmentOf(db, tree.caller),
    }),
  },
  {
    call: updatePdaUser,
    makeForeignBody: async (target, tree, db) => ({
      pdaUserId: await pdaUserOf(db, tree.caller),
      ...pdaFields(),
      departmentId: await departmentOf(db, target),
    }),
  },
  {
    call: resetPdaUserPassword,
    makeForeignBody: async (target, _tree, db) => ({ pdaUserId: await pdaUserOf(db, target), ...newPassword }),
  },
  { call: lockPdaUser, makeForeignBody: async (target, _tree, db) => ({ pdaUserId: await pdaUserOf(db, target) }) },
  { call: unlockPdaUser, makeForeignBody: async (target, _tree, db) => ({ pdaUserId: await pdaUserOf(db, target) }) },
  { call: deletePdaUser, makeForeignBody: async (target, _tree, db) => ({ pdaUserId: await pdaUserOf(db, target) }) },
  // Engineers.
  {
    call: addEngineer,
    makeForeignBody: (target) => ({
      ...engineerFields(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ownerDealerId: target.dealerId,
    }),
  },
  {
    call: updateEngineer,
    makeForeignBody: async (target, _tree, db) => ({ engineerId: await engineerOf(db, target), ...engineerFields() }),
  },
  {
    call: resetEngineerPassword,
    makeForeignBody: async (target, _tree, db) => ({ engineerId: await engineerOf(db, target), ...newPassword }),
  },
  { call: lockEngineer, makeForeignBody: async (target, _tree, db) => ({ engineerId: await engineerOf(db, target) }) },
  {
    call: unlockEngineer,
    makeForeignBody: async (target, _tree, db) => ({ engineerId: await engineerOf(db, target) }),
  },
  {
    call: deleteEngineer,
    makeForeignBody: async (target, _tree, db) => ({ engineerId: await engineerOf(db, target) }),
  },
];

const SUBTREE_LIST =
  'lists the records of the current company and its sub-dealers only (subtree filtering tested in the module tests)';

export const callsWithoutForeignId: FixtureModule['callsWithoutForeignId'] = [
  { call: listCustomers, reason: SUBTREE_LIST },
  { call: listDepartments, reason: SUBTREE_LIST },
  { call: departmentOptions, reason: SUBTREE_LIST },
  { call: listEngineers, reason: SUBTREE_LIST },
  { call: listAccountLog, reason: 'lists the entries of the subtree only (tested in the account-log tests)' },
  {
    call: listPdaUsers,
    reason: 'a foreign department filter matches nothing: an empty page, tested in the PDA user tests',
  },
];
