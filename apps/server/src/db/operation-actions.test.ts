import { OPERATION_ACTIONS } from '@dcc/contract';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const MIGRATIONS = new URL('./migrations/', import.meta.url);

/** The actions device_operations accepts: the check of the last migration that (re)defines it. */
function allowedActions(): string[] {
  const checks = fs
    .readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .flatMap((name) =>
      [...fs.readFileSync(new URL(name, MIGRATIONS), 'utf8').matchAll(/check \(action in \(([^)]*)\)\)/g)].map(
        (match) => match[1]!,
      ),
    );
  return [...checks.at(-1)!.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}

describe('device operation log actions', () => {
  it("are exactly the contract's OPERATION_ACTIONS in the database's check", () => {
    expect(allowedActions().sort()).toEqual([...OPERATION_ACTIONS].sort());
  });
});
