import { translate, type ButtonNode, type Locale } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { OrgDB } from '../dealers/index.ts';

export interface ButtonRow {
  id: string;
  parent_id: string | null;
  label_key: string;
  name: string;
}

export const allButtons = (db: Kysely<OrgDB>): Promise<ButtonRow[]> =>
  db.selectFrom('buttons').select(['id', 'parent_id', 'label_key', 'name']).orderBy('sort').orderBy('id').execute();

/** The nested tree in display order; a renamed button shows its name, others their catalog label. */
export function buildTree(rows: readonly ButtonRow[], locale: Locale, held: ReadonlySet<string>): ButtonNode[] {
  const nodes = new Map<string, ButtonNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      buttonId: row.id,
      parentId: row.parent_id ?? '',
      label: row.name || translate(locale, row.label_key),
      grantable: held.has(row.id),
      children: [],
    });
  }
  const roots: ButtonNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Whether `candidate` is `buttonId` or lies below it (moving `buttonId` under it would make a cycle). */
export function isSelfOrDescendant(rows: readonly ButtonRow[], buttonId: string, candidate: string): boolean {
  const parentOf = new Map(rows.map((row) => [row.id, row.parent_id]));
  for (let at: string | null | undefined = candidate; at; at = parentOf.get(at)) {
    if (at === buttonId) return true;
  }
  return false;
}
