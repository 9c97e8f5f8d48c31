import type { ControlAction } from '@dcc/protocol';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Spec section 9: activation that skips the audit gives a warranty of 1.5 years. */
export const SKIPPED_AUDIT_WARRANTY_MONTHS = 18;

/** The end of a warranty that starts at `from`. */
export function warrantyUntil(from: Date, months = SKIPPED_AUDIT_WARRANTY_MONTHS): Date {
  const until = new Date(from);
  until.setUTCMonth(until.getUTCMonth() + months);
  return until;
}

/** What an accepted control command changes in the registry: activation (time, warranty, status by connection) or the lock flag. */
export async function applyControl(db: Kysely<DB>, deviceId: string, action: ControlAction, at: Date): Promise<void> {
  const update = db.updateTable('devices').where('id', '=', deviceId);
  if (action === 'activate') {
    // Activated once: a second accepted activation (two operators at once) keeps the first time and warranty.
    await update
      .where('activated_at', 'is', null)
      .set({
        activated_at: at, warranty_until: warrantyUntil(at), updated_at: at,
        status: sql<'ONLINE' | 'OFFLINE'>`case when connected then 'ONLINE' else 'OFFLINE' end`,
      })
      .execute();
  } else {
    await update.set({ locked: action === 'lock', updated_at: at }).execute();
  }
}
