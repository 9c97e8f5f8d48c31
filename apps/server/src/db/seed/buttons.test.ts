import { ALL_BUTTON_IDS, Button } from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { buttonRows } from './buttons.ts';

describe('buttonRows', () => {
  it('places every contract button once, parents before children', () => {
    const rows = buttonRows();
    expect(rows.map((row) => row.id).sort()).toEqual([...ALL_BUTTON_IDS].sort());
    const seen = new Set<string>();
    for (const row of rows) {
      if (row.parent_id !== null) expect(seen.has(row.parent_id), row.id).toBe(true);
      seen.add(row.id);
    }
  });

  it('hangs the dashboard flags under Home and the device-detail link under Devices', () => {
    const parentOf = new Map(buttonRows().map((row) => [row.id, row.parent_id]));
    expect(parentOf.get(Button.HOME_KEY_PROJECTS)).toBe(Button.HOME);
    expect(parentOf.get(Button.DEVICE_DETAIL_LINK)).toBe(Button.DEVICES);
    expect(parentOf.get(Button.DEVICES)).toBe(Button.DEVICE_MANAGE);
  });
});
