import { ALL_BUTTON_IDS, Button, MENU, type ButtonId, type MenuEntry } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';

interface ButtonRow {
  id: ButtonId;
  parent_id: ButtonId | null;
  label_key: string;
  sort: number;
}

/** Buttons that are not menu entries: dashboard flags, the device actions and the project audit. */
const EXTRA_BUTTONS: ReadonlyArray<{ id: ButtonId; parent: ButtonId; labelKey: string }> = [
  { id: Button.HOME_KEY_PROJECTS, parent: Button.HOME, labelKey: 'button.homeKeyProjects' },
  { id: Button.HOME_KEY_DEVICES, parent: Button.HOME, labelKey: 'button.homeKeyDevices' },
  { id: Button.HOME_FLAG_B83, parent: Button.HOME, labelKey: 'button.homeFlagB83' },
  { id: Button.HOME_FLAG_B84, parent: Button.HOME, labelKey: 'button.homeFlagB84' },
  { id: Button.DEVICE_DETAIL_LINK, parent: Button.DEVICES, labelKey: 'button.deviceDetailLink' },
  { id: Button.DEVICE_CONTROL, parent: Button.DEVICES, labelKey: 'button.deviceControl' },
  { id: Button.DEVICE_ACTIVATE, parent: Button.DEVICES, labelKey: 'button.deviceActivate' },
  { id: Button.DEVICE_IMPORT, parent: Button.DEVICES, labelKey: 'button.deviceImport' },
  { id: Button.DEVICE_MOVE, parent: Button.DEVICES, labelKey: 'button.deviceMove' },
  { id: Button.DEVICE_VENDOR_PARAMS, parent: Button.DEVICES, labelKey: 'button.deviceVendorParams' },
  { id: Button.DEVICE_TOPOLOGY, parent: Button.DEVICES, labelKey: 'button.deviceTopology' },
  { id: Button.PROJECT_AUDIT, parent: Button.PROJECTS, labelKey: 'button.projectAudit' },
];

/** The permission button tree from the contract's menu plus the extra buttons, parents first, in display order. */
export function buttonRows(): ButtonRow[] {
  const rows: ButtonRow[] = [];
  const walk = (entries: readonly MenuEntry[], parent: ButtonId | null) => {
    for (const entry of entries) {
      // A page guarded by its group's own button (systemManage/buttonManage) is not a second row.
      if (rows.some((row) => row.id === entry.button)) continue;
      rows.push({ id: entry.button, parent_id: parent, label_key: entry.labelKey, sort: rows.length + 1 });
      for (const extra of EXTRA_BUTTONS.filter((candidate) => candidate.parent === entry.button)) {
        rows.push({ id: extra.id, parent_id: extra.parent, label_key: extra.labelKey, sort: rows.length + 1 });
      }
      walk(entry.children ?? [], entry.button);
    }
  };
  walk(MENU, null);
  const missing = ALL_BUTTON_IDS.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) throw new Error(`buttons without a place in the tree: ${missing.join(', ')}`);
  return rows;
}

/** Makes the buttons table equal to the contract's tree (inserts new, updates labels and order of buttons nobody renamed or moved). */
export async function syncButtons(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('buttons')
    .values(buttonRows())
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet((eb) => ({
          parent_id: eb.ref('excluded.parent_id'),
          label_key: eb.ref('excluded.label_key'),
          sort: eb.ref('excluded.sort'),
        }))
        .where(sql<boolean>`buttons.customized = false`),
    )
    .execute();
}
