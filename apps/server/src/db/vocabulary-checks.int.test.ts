import { DEVICE_STATUSES, FAULT_LEVELS, FAULT_TYPES, OPERATION_ACTIONS } from '@dcc/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../test/migrated-database.ts';

const migrated = useMigratedDatabase();

/** The values a table's check constraint allows, as the database reports it (`col = any (array['a'::text, ...])`). */
async function checkedValues(table: string, constraint: string): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_constraintdef(c.oid) as definition from pg_constraint c join pg_class t on t.oid = c.conrelid
    where t.relname = ${table} and c.conname = ${constraint} and c.contype = 'c'`.execute(migrated().db);
  expect(rows, `${table}.${constraint}`).toHaveLength(1);
  return [...rows[0]!.definition.matchAll(/'([^']*)'::text/g)].map((match) => match[1]!).sort();
}

/** The database's checks list the contract's vocabularies (packages/contract), so neither can change alone. */
describe("the database's checks and defaults", () => {
  it('allow exactly the device statuses, fault types and operation actions of the contract', async () => {
    expect(await checkedValues('devices', 'devices_status_check')).toEqual([...DEVICE_STATUSES].sort());
    expect(await checkedValues('device_faults', 'device_faults_fault_type_check')).toEqual([...FAULT_TYPES].sort());
    expect(await checkedValues('device_operations', 'device_operations_action_check')).toEqual(
      [...OPERATION_ACTIONS].sort(),
    );
  });

  it('give a new role every fault level of the contract to view', async () => {
    const { rows } = await sql<{ fallback: string }>`
      select column_default as fallback from information_schema.columns
      where table_name = 'roles' and column_name = 'fault_levels'`.execute(migrated().db);
    expect(rows).toHaveLength(1);
    const levels = /\{([^}]*)\}/.exec(rows[0]!.fallback)?.[1]?.split(',').map(Number);
    expect(levels).toEqual([...FAULT_LEVELS]);
  });
});
