import type { ButtonNode } from '@dcc/contract';

/**
 * Ids the tree shows as fully checked: the held leaves, and held parents without children.
 * A held parent with children shows checked only when all of them are held (else half-checked).
 */
export function checkedLeaves(nodes: readonly ButtonNode[], held: ReadonlySet<string>): string[] {
  return nodes.flatMap((node) =>
    node.children.length === 0 ? (held.has(node.buttonId) ? [node.buttonId] : []) : checkedLeaves(node.children, held),
  );
}
