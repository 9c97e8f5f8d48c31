import {
  addDeviceToProject,
  addProject,
  addProjectPhoto,
  CLOUD_API,
  REQUIRED_PHOTO_GROUPS,
  submitProjectAudit,
} from '@dcc/contract';
import { loadConfig } from '../../src/config.ts';
import { secretBox } from '../../src/modules/devices/secret-box.ts';
import { newDevice } from '../factories.ts';
import { projectFields } from '../projects-setup.ts';
import { uploadedUrl } from '../uploads.ts';
import type { MatrixContext, PermissionOutcome } from './permission-outcomes.ts';

/** The project calls' entries of the permission matrix (issue 21): each succeeds with its button on fresh records. */

const at = (path: string): string => `${CLOUD_API}/${path}`;
const box = secretBox(loadConfig({}).deviceSecretKey);

const project = async (ctx: MatrixContext, overrides: Record<string, unknown> = {}) =>
  (await ctx.api<{ projectId: string }>(addProject, projectFields(overrides))).projectId;
const withDevice = async (ctx: MatrixContext) => {
  const projectId = await project(ctx);
  return { projectId, deviceIds: [await newDevice(ctx.t.db, ctx.company, box)] };
};
const photo = async (ctx: MatrixContext, projectId: string, group: string) =>
  ctx.api<{ photoId: string }>(addProjectPhoto, { projectId, group, url: await uploadedUrl(ctx.t.app, ctx.options) });
/** A project with every required photo, submitted when asked. */
const auditable = async (ctx: MatrixContext, submitted: boolean) => {
  const projectId = await project(ctx);
  for (const group of REQUIRED_PHOTO_GROUPS) await photo(ctx, projectId, group);
  if (submitted) await ctx.api(submitProjectAudit, { projectId });
  return projectId;
};
const range = { startTime: '2025-03-01', endTime: '2025-03-07' };

export const PROJECT_OUTCOMES: Record<string, PermissionOutcome> = {
  [at('project/getDealersProject')]: {},
  [at('project/addProject')]: { body: () => projectFields() },
  [at('project/updateProject')]: {
    body: async (ctx) => ({ ...projectFields(), projectId: await project(ctx), version: 1 }),
  },
  [at('project/deleteProject')]: { body: async (ctx) => ({ projectId: await project(ctx) }) },
  [at('project/projectDetail')]: { body: async (ctx) => ({ projectId: await project(ctx) }) },
  [at('project/cenProjectDetail')]: { body: async (ctx) => ({ projectId: await project(ctx, { isCenControl: 'Y' }) }) },
  [at('project/device_byProjectId')]: { body: async (ctx) => ({ projectId: await project(ctx) }) },
  [at('project/addDeviceToProject')]: { body: withDevice },
  [at('project/removeDeviceFromProject')]: {
    body: async (ctx) => {
      const body = await withDevice(ctx);
      await ctx.api(addDeviceToProject, body);
      return body;
    },
  },
  [at('project/updateProjectIsImportant')]: {
    body: async (ctx) => ({ projectId: await project(ctx), isImportant: 1 }),
  },
  [at('project/addProjectPhoto')]: {
    body: async (ctx) => ({
      projectId: await project(ctx),
      group: 'hostPanorama',
      url: await uploadedUrl(ctx.t.app, ctx.options),
    }),
  },
  [at('project/removeProjectPhoto')]: {
    body: async (ctx) => {
      const projectId = await project(ctx);
      return { projectId, photoId: (await photo(ctx, projectId, 'softWater')).photoId };
    },
  },
  [at('project/submitAudit')]: { body: async (ctx) => ({ projectId: await auditable(ctx, false) }) },
  [at('project/passAudit')]: { body: async (ctx) => ({ projectId: await auditable(ctx, true) }) },
  [at('project/rejectAudit')]: {
    body: async (ctx) => ({ projectId: await auditable(ctx, true), reason: 'Photos unclear' }),
  },
  [at('project/auditRecords')]: { body: async (ctx) => ({ projectId: await project(ctx) }) },
  [at('statistics/getProjectIncreasedNum')]: { body: () => range },
  [at('statistics/getProjectAuditNum')]: { body: () => range },
};
