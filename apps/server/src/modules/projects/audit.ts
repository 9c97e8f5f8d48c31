import {
  ErrorCode,
  ProjectCheckState,
  type AuditDeviceOutcome,
  type Locale,
  type Project,
  type projectAuditRecord,
} from '@dcc/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import {
  activateDeviceInScope,
  controlDeviceInScope,
  type CommandService,
  type Operator,
} from '../device-commands/index.ts';
import { findDeviceInScope } from '../devices/index.ts';
import { projectInScope, type ProjectInScope } from './project-in-scope.ts';
import { readProject } from './repo.ts';
import { assertPhotosComplete, assertTransition } from './rules.ts';

/** The project audit of spec section 4: submit, pass, reject, each recorded with who, when, from, to and why. */

type AuditStep = { to: number; reason?: string };

/** Moves a locked project along the audit machine and records the step, in the caller's transaction. */
async function step(
  trx: Transaction<DB>,
  project: ProjectInScope,
  operator: Operator,
  { to, reason = '' }: AuditStep,
  locale: Locale,
): Promise<void> {
  assertTransition(project.checkState, to, locale);
  const now = new Date();
  await trx
    .updateTable('projects')
    .set({
      check_state: to,
      ...(to === ProjectCheckState.PENDING ? { check_submitted_at: now, reject_reason: '' } : {}),
      ...(to === ProjectCheckState.REJECTED ? { reject_reason: reason } : {}),
      updated_at: now,
    })
    .where('id', '=', project.id)
    .execute();
  await trx
    .insertInto('project_audits')
    .values({
      project_id: project.id,
      from_state: project.checkState,
      to_state: to,
      reason,
      operator_id: operator.userId,
      operator_name: operator.name,
      created_at: now,
    })
    .execute();
}

/** Submits a project of the scope for audit: not submitted or rejected, every required photo group filled. */
export async function submitAudit(
  db: Kysely<DB>,
  scope: DealerScope,
  operator: Operator,
  projectId: string,
  locale: Locale,
): Promise<Project> {
  await db.transaction().execute(async (trx) => {
    const project = await projectInScope(trx, scope, projectId, { forUpdate: true });
    assertTransition(project.checkState, ProjectCheckState.PENDING, locale);
    const groups = await trx
      .selectFrom('project_photos')
      .select('photo_group')
      .distinct()
      .where('project_id', '=', project.id)
      .execute();
    assertPhotosComplete(new Set(groups.map((row) => row.photo_group)), locale);
    await step(trx, project, operator, { to: ProjectCheckState.PENDING }, locale);
  });
  return readProject(db, scope, await projectInScope(db, scope, projectId), locale);
}

/** Rejects a pending audit of a project of the scope with the reason. */
export async function rejectAudit(
  db: Kysely<DB>,
  scope: DealerScope,
  operator: Operator,
  request: { projectId: string; reason: string },
  locale: Locale,
): Promise<Project> {
  await db.transaction().execute(async (trx) => {
    const project = await projectInScope(trx, scope, request.projectId, { forUpdate: true });
    await step(trx, project, operator, { to: ProjectCheckState.REJECTED, reason: request.reason }, locale);
  });
  return readProject(db, scope, await projectInScope(db, scope, request.projectId), locale);
}

/**
 * Passes a pending audit of a project of the scope; then each of its devices the scope sees that awaits the
 * audit is activated (with the audited warranty: the project has passed now) and each locked one unlocked,
 * through the same commands as the device detail, all at once. A device that is offline stays as it is (its
 * activation goes straight through once it is online); each device's outcome is answered.
 */
export async function passAudit(
  service: CommandService,
  scope: DealerScope,
  operator: Operator,
  projectId: string,
  locale: Locale,
): Promise<Project & { devices: AuditDeviceOutcome[] }> {
  const project = await service.db.transaction().execute(async (trx) => {
    const found = await projectInScope(trx, scope, projectId, { forUpdate: true });
    await step(trx, found, operator, { to: ProjectCheckState.PASSED }, locale);
    return found;
  });
  const waiting = await service.db
    .selectFrom('devices')
    .select(['id', 'device_code', 'awaiting_audit', 'locked', 'activated_at'])
    .where('project_id', '=', project.id)
    .where((eb) => eb.or([eb('awaiting_audit', '=', true), eb('locked', '=', true)]))
    .orderBy('id')
    .execute();
  const outcomes = await Promise.all(
    waiting.map(async (row) => {
      const device = await findDeviceInScope(service.db, scope, { id: row.id });
      if (!device) return [];
      const answers: AuditDeviceOutcome[] = [];
      const outcome = async (done: 'activated' | 'unlocked', command: () => Promise<{ outcome: string }>) => {
        answers.push({ deviceId: row.id, deviceCode: row.device_code, outcome: await commandOutcome(done, command) });
      };
      if (row.awaiting_audit && row.activated_at === null)
        await outcome('activated', () => activateDeviceInScope(service, device, operator, false, locale));
      if (row.locked)
        await outcome('unlocked', () => controlDeviceInScope(service, device, operator, { action: 'unlock' }, locale));
      return answers;
    }),
  );
  return { ...(await readProject(service.db, scope, project, locale)), devices: outcomes.flat() };
}

async function commandOutcome(
  done: 'activated' | 'unlocked',
  command: () => Promise<{ outcome: string }>,
): Promise<AuditDeviceOutcome['outcome']> {
  try {
    const answer = await command();
    if (answer.outcome === 'applied') return done;
    return answer.outcome === 'noReply' ? 'noReply' : 'refused';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.code === ErrorCode.DEVICE_OFFLINE ? 'offline' : 'refused';
  }
}

type AuditRecord = z.infer<typeof projectAuditRecord>;

/** The audit records of a project of the scope, newest first. */
export async function auditRecords(db: Kysely<DB>, scope: DealerScope, projectId: string): Promise<AuditRecord[]> {
  const project = await projectInScope(db, scope, projectId);
  const rows = await db
    .selectFrom('project_audits')
    .select(['id', 'from_state', 'to_state', 'reason', 'operator_name', 'created_at'])
    .where('project_id', '=', project.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    auditId: row.id,
    fromState: row.from_state as AuditRecord['fromState'],
    toState: row.to_state as AuditRecord['toState'],
    reason: row.reason,
    operatorName: row.operator_name,
    createTime: row.created_at.toISOString(),
  }));
}
