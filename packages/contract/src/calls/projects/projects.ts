import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { recordVersionField } from '../../validation.ts';
import { device } from '../devices/devices.ts';
import { deviceSelectionField } from '../devices/commands.ts';
import { listAnswer, pageIndexField, pageSizeField, searchField, sortOrderField } from '../people/common.ts';
import {
  CEN_CONTROL_VALUES,
  importantFlagField,
  PROJECT_CHECK_STATES,
  project,
  projectFields,
  projectIdField,
  projectPhoto,
} from './fields.ts';

/**
 * Projects (issue 21, spec section 2 projectsManage B1001, sections 3, 5 and 7): installation sites owned
 * by a dealer of the caller's subtree, with their devices. A foreign project or device answers like a
 * missing one. The spec's call names are kept where section 7 lists them.
 */

const byProject = z.object({ projectId: projectIdField }).strict();

export const getDealersProject = defineCall({
  path: `${CLOUD_API}/project/getDealersProject`,
  description:
    "The subtree's projects, filtered by name, ordinary or centrally controlled, province, audit state and follow flag, by create time.",
  auth: 'session',
  button: Button.PROJECTS,
  // The home page's key project tab (B81) lists and unfollows through this call too (spec section 2).
  orButtons: [Button.HOME_KEY_PROJECTS],
  request: z
    .object({
      pageIndex: pageIndexField,
      pageSize: pageSizeField,
      projectName: searchField,
      isCenControl: z.enum(['', ...CEN_CONTROL_VALUES], { error: 'projects.validation.isCenControl' }).default(''),
      /** '' any; 0 also matches a project never submitted. */
      projectCheckState: z
        .union([z.literal(''), ...PROJECT_CHECK_STATES.map((state) => z.literal(state))], {
          error: 'projects.validation.checkState',
        })
        .default(''),
      province: z
        .string({ error: 'projects.validation.province' })
        .regex(/^(|\d{2}0000)$/, 'projects.validation.province')
        .default(''),
      important: z.union([z.literal(''), importantFlagField], { error: 'projects.validation.isImportant' }).default(''),
      sortOrder: sortOrderField,
    })
    .strict(),
  response: listAnswer(project),
});

export const addProject = defineCall({
  path: `${CLOUD_API}/project/addProject`,
  description:
    'Adds a project (not submitted) owned by the company or a dealer of its subtree; photos are added to it afterwards.',
  auth: 'session',
  button: Button.PROJECTS,
  request: z
    .object({ ...projectFields, ownerDealerId: z.string().max(20, 'projects.validation.owner').optional() })
    .strict(),
  response: project,
});

export const updateProject = defineCall({
  path: `${CLOUD_API}/project/updateProject`,
  description:
    'Edits a project of the subtree while it is not submitted or rejected; a centrally controlled project with devices stays so.',
  auth: 'session',
  button: Button.PROJECTS,
  request: z.object({ projectId: projectIdField, version: recordVersionField, ...projectFields }).strict(),
  response: project,
});

export const deleteProject = defineCall({
  path: `${CLOUD_API}/project/deleteProject`,
  description: 'Deletes a project of the subtree with its photos and audit records; refused while it has devices.',
  auth: 'session',
  button: Button.PROJECTS,
  request: byProject,
  response: z.null(),
});

export const projectDetail = defineCall({
  path: `${CLOUD_API}/project/projectDetail`,
  description: 'One project of the subtree with its photos by group.',
  auth: 'session',
  button: Button.PROJECTS,
  request: byProject,
  response: project.extend({ photos: z.array(projectPhoto) }),
});

export const cenProjectDetail = defineCall({
  path: `${CLOUD_API}/project/cenProjectDetail`,
  description:
    'A centrally controlled project of the subtree with its photos and its centralized controller (null until one is added).',
  auth: 'session',
  button: Button.PROJECTS,
  request: byProject,
  response: project.extend({ photos: z.array(projectPhoto), controller: device.nullable() }),
});

export const deviceByProjectId = defineCall({
  path: `${CLOUD_API}/project/device_byProjectId`,
  description: 'The devices of a project of the subtree, with their live status.',
  auth: 'session',
  button: Button.PROJECTS,
  request: byProject,
  response: z.array(device),
});

const projectDevices = z.object({ projectId: projectIdField, deviceIds: deviceSelectionField }).strict();

export const addDeviceToProject = defineCall({
  path: `${CLOUD_API}/project/addDeviceToProject`,
  description:
    "Adds devices of the subtree to a project, all or none: a device of another project, a second centrally controlled product, or a temperature/humidity sensor before the project's controller is refused.",
  auth: 'session',
  button: Button.PROJECTS,
  request: projectDevices,
  response: z.array(device),
});

export const removeDeviceFromProject = defineCall({
  path: `${CLOUD_API}/project/removeDeviceFromProject`,
  description:
    "Takes devices out of a project, all or none; the controller goes only after the project's sensors. Not while the audit is pending.",
  auth: 'session',
  button: Button.PROJECTS,
  request: projectDevices,
  response: z.array(device),
});

export const updateProjectIsImportant = defineCall({
  path: `${CLOUD_API}/project/updateProjectIsImportant`,
  description:
    'Follows (1) or unfollows (0) a project of the subtree: followed projects are the key projects of the home page.',
  auth: 'session',
  button: Button.PROJECTS,
  // The home page's key project tab (B81) lists and unfollows through this call too (spec section 2).
  orButtons: [Button.HOME_KEY_PROJECTS],
  request: z.object({ projectId: projectIdField, isImportant: importantFlagField }).strict(),
  response: z.null(),
});
