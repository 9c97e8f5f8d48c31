import { describe, expect, it } from 'vitest';
import * as catalog from './calls/catalog.ts';
import {
  addNotice,
  CATALOG_WRITES,
  listNotices,
  revealProductSecret,
  roleAdd,
  roleButtonTree,
  setDynamicRegistration,
} from './calls/index.ts';
import type { CallDef } from './call.ts';
import { ErrorCode } from './errors.ts';
import { MENU } from './menu.ts';
import { Button, grantableButtons, isPlatformOnlyButton, PLATFORM_ONLY_BUTTONS } from './permissions.ts';
import { platformRefusal } from './platform-only.ts';

/** Catalog calls that only read; every other catalog call must be in CATALOG_WRITES. */
const CATALOG_READS: readonly CallDef[] = [
  catalog.listSeries,
  catalog.seriesOptions,
  catalog.listDataTypes,
  catalog.dataTypeOptions,
  catalog.listProducts,
  catalog.productOptions,
  catalog.productById,
  catalog.getThingModel,
  catalog.listProtocols,
  catalog.protocolOptions,
  catalog.protocolById,
  catalog.listPoints,
  catalog.pointById,
  catalog.listPointHistory,
  catalog.pointHistoryById,
  catalog.exportPoints,
  catalog.decodeFrameCall,
];

describe('platform-only data', () => {
  it('files every catalog call as a read or a write, so a new write cannot slip past the rule', () => {
    const calls = (Object.values(catalog) as unknown[]).filter(
      (value): value is CallDef => typeof value === 'object' && value !== null && 'path' in value && 'request' in value,
    );
    const unfiled = calls
      .filter((call) => !CATALOG_WRITES.has(call) && !CATALOG_READS.includes(call))
      .map((call) => call.path);
    expect(unfiled).toEqual([]);
    expect(CATALOG_READS.filter((call) => CATALOG_WRITES.has(call))).toEqual([]);
    // Products' registration settings are catalog data too, though their calls live with the devices.
    expect([setDynamicRegistration, revealProductSecret].every((call) => CATALOG_WRITES.has(call))).toBe(true);
  });

  it('covers the whole System management menu (notices, button page, slide images, screen links)', () => {
    const system = MENU.find((entry) => entry.button === Button.SYSTEM_MANAGE)!;
    expect([system, ...system.children!].every((entry) => isPlatformOnlyButton(entry.button))).toBe(true);
    expect(PLATFORM_ONLY_BUTTONS).toContain(Button.MESSAGES);
  });

  it('lets the platform hold every button and a company below it all but the platform-only ones', () => {
    const ids = [Button.HOME, Button.MESSAGES, Button.DEALERS, Button.SYSTEM_MANAGE];
    expect(grantableButtons(0, ids)).toEqual(ids);
    expect(grantableButtons(1, ids)).toEqual([Button.HOME, Button.DEALERS]);
    expect(grantableButtons(5, [])).toEqual([]);
  });

  it('refuses platform-only calls below level 0 with the code that fits', () => {
    expect(platformRefusal(addNotice, 0)).toBeNull();
    expect(platformRefusal(addNotice, 1)).toBe(ErrorCode.PERMISSION_DENIED);
    expect(platformRefusal(listNotices, 3)).toBe(ErrorCode.PERMISSION_DENIED);
    expect(platformRefusal(catalog.addSeries, 2)).toBe(ErrorCode.CATALOG_READ_ONLY);
    expect(platformRefusal(catalog.listSeries, 2)).toBeNull();
    expect(platformRefusal(setDynamicRegistration, 1)).toBe(ErrorCode.CATALOG_READ_ONLY);
    expect(platformRefusal(roleAdd, 4)).toBeNull();
    expect(platformRefusal(roleButtonTree, 1)).toBeNull();
  });
});
