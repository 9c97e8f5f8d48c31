import { Button, getDealersProject, projectDetail, PLATFORM_LEVEL } from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { mayCall } from './mayCall.ts';

const held = (...buttons: string[]) => ({ buttons: new Set(buttons), level: PLATFORM_LEVEL + 1 });

describe('mayCall', () => {
  it('admits a call serving two screens with any one of its buttons, and none without them', () => {
    expect(mayCall(getDealersProject, held(Button.HOME_KEY_PROJECTS))).toBe(true);
    expect(mayCall(getDealersProject, held(Button.PROJECTS))).toBe(true);
    expect(mayCall(getDealersProject, held(Button.HOME_KEY_DEVICES))).toBe(false);
    // A call of one screen keeps its one button: the key project tab links to the detail only with B1001.
    expect(mayCall(projectDetail, held(Button.HOME_KEY_PROJECTS))).toBe(false);
    expect(mayCall(projectDetail, held(Button.PROJECTS))).toBe(true);
  });
});
