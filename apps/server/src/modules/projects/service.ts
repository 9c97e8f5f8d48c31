import {
  ErrorCode,
  type addProject,
  type Locale,
  type Project,
  type ProjectPhoto,
  type updateProject,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { nextVersion, versionMatchedRow } from '../../db/record-version.ts';
import { fail } from '../../http/app-error.ts';
import { ownerForNewRecord } from '../managed-accounts/index.ts';
import { isProvince } from '../nation/index.ts';
import { membersOf } from './project-devices.ts';
import { projectInScope, type ProjectInScope } from './project-in-scope.ts';
import { readProject } from './repo.ts';
import { assertCenControlKept, assertContentEditable } from './rules.ts';

type ProjectInput = z.output<(typeof addProject)['request']>;
type ProjectEdit = z.output<(typeof updateProject)['request']>;

/** The columns add and edit write from the request; an unknown province is refused like an unknown area. */
function projectColumns(input: Omit<ProjectInput, 'ownerDealerId'>) {
  if (!isProvince(input.province)) fail(ErrorCode.AREA_UNKNOWN);
  return {
    name: input.projectName,
    is_cen_control: input.isCenControl,
    type: input.type,
    area: input.area,
    province_code: input.province,
    address: input.address,
    user_name: input.userName,
    user_phone: input.userPhone,
    application: input.application,
    longitude: input.longitude,
    latitude: input.latitude,
  };
}

/** Adds a project (not submitted) owned by the scope's company or a dealer of its subtree. */
export async function addScopedProject(
  db: Kysely<DB>,
  scope: DealerScope,
  input: ProjectInput,
  locale: Locale,
): Promise<Project> {
  const columns = projectColumns(input);
  const dealerId = await ownerForNewRecord(db, scope, input.ownerDealerId);
  const { id } = await db
    .insertInto('projects')
    .values({ ...columns, dealer_id: dealerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return readProject(db, scope, await projectInScope(db, scope, id), locale);
}

/** Edits a project of the scope while not submitted or rejected, at the version the caller read. */
export async function updateScopedProject(
  db: Kysely<DB>,
  scope: DealerScope,
  input: ProjectEdit,
  locale: Locale,
): Promise<Project> {
  const columns = projectColumns(input);
  await db.transaction().execute(async (trx) => {
    const project = await projectInScope(trx, scope, input.projectId, { forUpdate: true });
    assertContentEditable(project.checkState, locale);
    assertCenControlKept(input.isCenControl, await membersOf(trx, project));
    versionMatchedRow(
      await trx
        .updateTable('projects')
        .set({ ...columns, ...nextVersion, updated_at: new Date() })
        .where('id', '=', project.id)
        .where('version', '=', input.version)
        .returning('id')
        .executeTakeFirst(),
    );
  });
  return readProject(db, scope, await projectInScope(db, scope, input.projectId), locale);
}

/** Deletes a project of the scope with its photos and audit records; refused while it has devices (with their count). */
export async function deleteScopedProject(db: Kysely<DB>, scope: DealerScope, projectId: string): Promise<null> {
  await db.transaction().execute(async (trx) => {
    const project = await projectInScope(trx, scope, projectId, { forUpdate: true });
    const count = (await membersOf(trx, project)).length;
    if (count > 0) fail(ErrorCode.PROJECT_HAS_DEVICES, { count });
    await trx.deleteFrom('projects').where('id', '=', project.id).execute();
  });
  return null;
}

/** Follows (1) or unfollows (0) a project of the scope. */
export async function setProjectImportant(
  db: Kysely<DB>,
  scope: DealerScope,
  projectId: string,
  isImportant: 0 | 1,
): Promise<null> {
  const project = await projectInScope(db, scope, projectId);
  await db
    .updateTable('projects')
    .set({ important: isImportant === 1 })
    .where('id', '=', project.id)
    .execute();
  return null;
}

/** The photos of a project, by group then upload order. */
export async function photosOf(db: Kysely<DB>, project: ProjectInScope): Promise<ProjectPhoto[]> {
  const rows = await db
    .selectFrom('project_photos')
    .select(['id', 'photo_group', 'url'])
    .where('project_id', '=', project.id)
    .orderBy('photo_group')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ photoId: row.id, group: row.photo_group as ProjectPhoto['group'], url: row.url }));
}

/** A project of the scope with its photos. */
export async function scopedProjectDetail(
  db: Kysely<DB>,
  scope: DealerScope,
  projectId: string,
  locale: Locale,
): Promise<{ project: Project; photos: ProjectPhoto[]; found: ProjectInScope }> {
  const found = await projectInScope(db, scope, projectId);
  return { project: await readProject(db, scope, found, locale), photos: await photosOf(db, found), found };
}
