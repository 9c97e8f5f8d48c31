import { PLATFORM_ONLY_BUTTONS } from '@dcc/contract';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const migration = fs.readFileSync(new URL('./migrations/009_platform_only_buttons.sql', import.meta.url), 'utf8');

describe('migration 009 (platform-only buttons)', () => {
  it('lists exactly the platform-only buttons of the contract, once', () => {
    const lists = [...migration.matchAll(/array\[([^\]]*)\]/g)].map((match) =>
      [...match[1]!.matchAll(/'([^']+)'/g)].map((id) => id[1]),
    );
    expect(lists).toHaveLength(1);
    expect([...lists[0]!].sort()).toEqual([...PLATFORM_ONLY_BUTTONS].sort());
  });
});
