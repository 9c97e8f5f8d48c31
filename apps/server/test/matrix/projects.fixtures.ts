import { randomUUID } from 'node:crypto';
import {
  addDeviceToProject,
  addProject,
  addProjectPhoto,
  cenProjectDetail,
  deleteProject,
  deviceByProjectId,
  getDealersProject,
  getProjectAuditNum,
  getProjectIncreasedNum,
  listProjectAudits,
  passProjectAudit,
  projectDetail,
  rejectProjectAudit,
  removeDeviceFromProject,
  removeProjectPhoto,
  REQUIRED_PHOTO_GROUPS,
  submitProjectAudit,
  updateProject,
  updateProjectIsImportant,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import type { DB } from '../../src/db/schema.ts';
import { secretBox } from '../../src/modules/devices/secret-box.ts';
import { newDevice } from '../factories.ts';
import { projectFields } from '../projects-setup.ts';
import type { FixtureModule, IsolationFixture } from './registry.ts';
import type { MatrixNode } from './tree.ts';

/** Isolation fixtures of projects (issue 21): each addresses a project (or a device) of the target company. */

const box = secretBox(loadConfig({}).deviceSecretKey);

async function projectOf(db: Kysely<DB>, target: MatrixNode, options: { state?: number; cen?: 'N' | 'Y' } = {}) {
  const fields = projectFields();
  const row = await db
    .insertInto('projects')
    .values({
      dealer_id: target.dealerId,
      name: fields.projectName,
      is_cen_control: options.cen ?? 'N',
      type: fields.type,
      area: fields.area,
      province_code: fields.province,
      address: fields.address,
      user_name: fields.userName,
      user_phone: fields.userPhone,
      application: fields.application,
      longitude: fields.longitude,
      latitude: fields.latitude,
      check_state: options.state ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An upload issued to the company (as uploadImage stores it); answers its URL. */
async function uploadOf(db: Kysely<DB>, owner: MatrixNode): Promise<{ id: string; url: string }> {
  const id = randomUUID();
  await sql`insert into uploads (id, dealer_id, user_id, extension, size, bytes)
    values (${id}::uuid, ${owner.dealerId}, ${owner.userId}, 'png', 8, ${Buffer.from('89504e470d0a1a0a', 'hex')})`.execute(
    db,
  );
  return { id, url: `/uploads/${id}.png` };
}

async function photoOf(db: Kysely<DB>, target: MatrixNode, projectId: string, group: string): Promise<string> {
  const upload = await uploadOf(db, target);
  const row = await db
    .insertInto('project_photos')
    .values({ project_id: projectId, photo_group: group, upload_id: upload.id, url: upload.url })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A project of the target with every required photo, in the given audit state. */
async function auditable(db: Kysely<DB>, target: MatrixNode, state: number): Promise<string> {
  const projectId = await projectOf(db, target, { state });
  for (const group of REQUIRED_PHOTO_GROUPS) await photoOf(db, target, projectId, group);
  return projectId;
}

const byProject = (call: IsolationFixture['call']): IsolationFixture => ({
  call,
  makeForeignBody: async (target, _tree, db) => ({ projectId: await projectOf(db, target) }),
});

export const isolationFixtures: readonly IsolationFixture[] = [
  byProject(projectDetail),
  byProject(deviceByProjectId),
  byProject(deleteProject),
  byProject(listProjectAudits),
  {
    call: cenProjectDetail,
    makeForeignBody: async (target, _tree, db) => ({ projectId: await projectOf(db, target, { cen: 'Y' }) }),
  },
  {
    call: addProject,
    makeForeignBody: (target) => ({ ...projectFields(), ownerDealerId: target.dealerId }),
  },
  {
    call: updateProject,
    makeForeignBody: async (target, _tree, db) => ({
      ...projectFields(),
      projectId: await projectOf(db, target),
      version: 1,
    }),
  },
  {
    call: updateProjectIsImportant,
    makeForeignBody: async (target, _tree, db) => ({ projectId: await projectOf(db, target), isImportant: 1 }),
    verifyUnchanged: async (target, db) => {
      const followed = await db
        .selectFrom('projects')
        .select('id')
        .where('dealer_id', '=', target.dealerId)
        .where('important', '=', true)
        .execute();
      if (followed.length > 0) throw new Error('a foreign project was followed');
    },
  },
  // A foreign project with a device of the target; then a project of the caller with a foreign device.
  {
    call: addDeviceToProject,
    makeForeignBody: async (target, _tree, db) => ({
      projectId: await projectOf(db, target),
      deviceIds: [await newDevice(db, target.dealerId, box)],
    }),
  },
  {
    call: addDeviceToProject,
    makeForeignBody: async (target, tree, db) => ({
      projectId: await projectOf(db, tree.caller),
      deviceIds: [await newDevice(db, target.dealerId, box)],
    }),
  },
  {
    call: removeDeviceFromProject,
    makeForeignBody: async (target, _tree, db) => {
      const projectId = await projectOf(db, target);
      const deviceId = await newDevice(db, target.dealerId, box);
      await db.updateTable('devices').set({ project_id: projectId }).where('id', '=', deviceId).execute();
      return { projectId, deviceIds: [deviceId] };
    },
  },
  {
    // The upload is the caller's own: only the project is foreign.
    call: addProjectPhoto,
    makeForeignBody: async (target, tree, db) => ({
      projectId: await projectOf(db, target),
      group: 'hostPanorama',
      url: (await uploadOf(db, tree.caller)).url,
    }),
  },
  {
    call: removeProjectPhoto,
    makeForeignBody: async (target, _tree, db) => {
      const projectId = await projectOf(db, target);
      return { projectId, photoId: await photoOf(db, target, projectId, 'pumpModel') };
    },
  },
  {
    call: submitProjectAudit,
    makeForeignBody: async (target, _tree, db) => ({ projectId: await auditable(db, target, 0) }),
  },
  {
    call: passProjectAudit,
    makeForeignBody: async (target, _tree, db) => ({ projectId: await auditable(db, target, 1) }),
  },
  {
    call: rejectProjectAudit,
    makeForeignBody: async (target, _tree, db) => ({ projectId: await auditable(db, target, 1), reason: 'Unclear' }),
  },
];

export const callsWithoutForeignId: FixtureModule['callsWithoutForeignId'] = [
  {
    call: getDealersProject,
    reason: 'lists the projects of the current company and its sub-dealers only (projects.int.test.ts, subtree test)',
  },
  {
    call: getProjectIncreasedNum,
    reason: "counts the projects of the current company's subtree only (stats.int.test.ts)",
  },
  {
    call: getProjectAuditNum,
    reason: "counts the passed audits of the current company's subtree only (stats.int.test.ts)",
  },
];
