import type { ControlAction } from '@dcc/protocol';
import { sql, type Transaction } from 'kysely';
import { statusOnActivation } from '../../db/device-status-sql.ts';
import type { DB } from '../../db/schema.ts';
import { type ChangeLog, type WrittenDevice, updateDevice } from '../device-writer/index.ts';

/** Spec section 9: activation that skips the audit gives a warranty of 1.5 years. */
export const SKIPPED_AUDIT_WARRANTY_MONTHS = 18;

/** The end of a warranty that starts at `from`. */
export function warrantyUntil(from: Date, months = SKIPPED_AUDIT_WARRANTY_MONTHS): Date {
  const until = new Date(from);
  until.setUTCMonth(until.getUTCMonth() + months);
  return until;
}

/**
 * What an accepted control command changes in the registry (activation: time, warranty, status by
 * connection, no longer awaiting an audit; or the lock flag), logged with the command's entry; false when it changed nothing.
 */
export async function applyControl(
  trx: Transaction<DB>,
  device: WrittenDevice,
  action: ControlAction,
  at: Date,
  log: ChangeLog,
  warrantyMonths = SKIPPED_AUDIT_WARRANTY_MONTHS,
): Promise<boolean> {
  if (action !== 'activate') return updateDevice(trx, device, { locked: action === 'lock' }, log);
  const activation = {
    activated_at: at,
    warranty_until: warrantyUntil(at, warrantyMonths),
    status: statusOnActivation(sql.ref('connected')),
    awaiting_audit: false,
  };
  // Activated once: a second accepted activation (two operators at once) keeps the first time and warranty.
  return updateDevice(trx, device, activation, log, (before) => before.activated_at === null);
}
