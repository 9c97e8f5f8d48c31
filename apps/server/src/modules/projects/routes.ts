import {
  addDeviceToProject,
  addProject,
  addProjectPhoto,
  cenProjectDetail,
  deleteProject,
  deviceByProjectId,
  ErrorCode,
  getDealersProject,
  getProjectAuditNum,
  getProjectIncreasedNum,
  listProjectAudits,
  passProjectAudit,
  projectDetail,
  rejectProjectAudit,
  removeDeviceFromProject,
  removeProjectPhoto,
  submitProjectAudit,
  updateProject,
  updateProjectIsImportant,
} from '@dcc/contract';
import { scopedRoute, type CallRoute, type ScopedContext } from '../../http/call-route.ts';
import { fail } from '../../http/app-error.ts';
import { operatorOf, type CommandService } from '../device-commands/index.ts';
import { uploaderOf } from '../uploads/index.ts';
import { auditRecords, passAudit, rejectAudit, submitAudit } from './audit.ts';
import { addPhoto, removePhoto } from './photos.ts';
import { changeProjectDevices, controllerOf, listProjectDevices } from './project-devices.ts';
import { projectInScope } from './project-in-scope.ts';
import { listProjectPage } from './repo.ts';
import {
  addScopedProject,
  deleteScopedProject,
  scopedProjectDetail,
  setProjectImportant,
  updateScopedProject,
} from './service.ts';
import { auditsPassed, projectsAdded } from './stats.ts';

/** Projects (projectsManage B1001, audit B100101) and their dashboard figures (B80), on the server's one command service. */
export function projectRoutes(service: CommandService): CallRoute[] {
  const { db } = service;
  const operator = (ctx: ScopedContext) => operatorOf(db, ctx.scope, ctx);
  return [
    scopedRoute(getDealersProject, (input, ctx) => listProjectPage(db, ctx.scope, input, ctx.locale)),
    scopedRoute(addProject, (input, ctx) => addScopedProject(db, ctx.scope, input, ctx.locale)),
    scopedRoute(updateProject, (input, ctx) => updateScopedProject(db, ctx.scope, input, ctx.locale)),
    scopedRoute(deleteProject, (input, ctx) => deleteScopedProject(db, ctx.scope, input.projectId)),
    scopedRoute(projectDetail, async (input, ctx) => {
      const { project, photos } = await scopedProjectDetail(db, ctx.scope, input.projectId, ctx.locale);
      return { ...project, photos };
    }),
    scopedRoute(cenProjectDetail, async (input, ctx) => {
      const { project, photos, found } = await scopedProjectDetail(db, ctx.scope, input.projectId, ctx.locale);
      if (found.isCenControl !== 'Y') fail(ErrorCode.PROJECT_NOT_CENTRAL);
      return { ...project, photos, controller: await controllerOf(db, ctx.scope, found, ctx.locale) };
    }),
    scopedRoute(deviceByProjectId, async (input, ctx) =>
      listProjectDevices(db, ctx.scope, await projectInScope(db, ctx.scope, input.projectId), ctx.locale),
    ),
    scopedRoute(addDeviceToProject, async (input, ctx) =>
      changeProjectDevices(db, ctx.scope, await operator(ctx), input, 'join', ctx.locale),
    ),
    scopedRoute(removeDeviceFromProject, async (input, ctx) =>
      changeProjectDevices(db, ctx.scope, await operator(ctx), input, 'leave', ctx.locale),
    ),
    scopedRoute(updateProjectIsImportant, (input, ctx) =>
      setProjectImportant(db, ctx.scope, input.projectId, input.isImportant),
    ),
    scopedRoute(addProjectPhoto, (input, ctx) => addPhoto(db, ctx.scope, uploaderOf(ctx), input, ctx.locale)),
    scopedRoute(removeProjectPhoto, (input, ctx) => removePhoto(db, ctx.scope, input, ctx.locale)),
    scopedRoute(submitProjectAudit, async (input, ctx) =>
      submitAudit(db, ctx.scope, await operator(ctx), input.projectId, ctx.locale),
    ),
    scopedRoute(passProjectAudit, async (input, ctx) =>
      passAudit(service, ctx.scope, await operator(ctx), input.projectId, ctx.locale),
    ),
    scopedRoute(rejectProjectAudit, async (input, ctx) =>
      rejectAudit(db, ctx.scope, await operator(ctx), input, ctx.locale),
    ),
    scopedRoute(listProjectAudits, (input, ctx) => auditRecords(db, ctx.scope, input.projectId)),
    scopedRoute(getProjectIncreasedNum, (input, ctx) => projectsAdded(db, ctx.scope, input, ctx.timeZone)),
    scopedRoute(getProjectAuditNum, (input, ctx) => auditsPassed(db, ctx.scope, input, ctx.timeZone)),
  ];
}
