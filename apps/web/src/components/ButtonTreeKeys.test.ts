import { describe, expect, it } from 'vitest';
import type { ButtonNode } from '@dcc/contract';
import { checkedLeaves } from './ButtonTreeKeys.ts';

const node = (buttonId: string, children: ButtonNode[] = []): ButtonNode => ({
  buttonId,
  parentId: '',
  label: buttonId,
  grantable: true,
  children,
});
const tree = [
  node('B80', [node('B81'), node('B82')]),
  node('B93', [node('B94', [node('B101')]), node('B205')]),
  node('B213'),
];

describe('checkedLeaves', () => {
  it('keeps held leaves only, so a parent holding some children shows half-checked', () => {
    expect(checkedLeaves(tree, new Set(['B93', 'B94', 'B101']))).toEqual(['B101']);
  });
  it('keeps a held childless top-level button', () => {
    expect(checkedLeaves(tree, new Set(['B213', 'B80', 'B81', 'B82']))).toEqual(['B81', 'B82', 'B213']);
  });
  it('drops a held parent whose children are not held', () => {
    expect(checkedLeaves(tree, new Set(['B93']))).toEqual([]);
  });
});
