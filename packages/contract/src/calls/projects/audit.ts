import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { idField } from '../people/common.ts';
import { photoGroupField, project, projectCheckStateSchema, projectIdField, projectPhoto } from './fields.ts';

/**
 * Photos and audit of a project (spec sections 4 and 5): photos (png or jpg by content, 2 MB, uploaded with
 * uploadImage first) in seven groups of at most five, changed only while the project is not submitted or
 * rejected; submit needs every required group filled; pass and reject need the audit button. A passed audit
 * activates the project's devices awaiting it and unlocks its locked ones.
 */

const photoUrlField = z
  .string({ error: 'projects.validation.photoUrl' })
  .max(300, 'projects.validation.photoUrl')
  .refine((value) => value.startsWith('/uploads/'), 'projects.validation.photoUrl');

export const addProjectPhoto = defineCall({
  path: `${CLOUD_API}/project/addProjectPhoto`,
  description: 'Adds an uploaded photo (uploadImage) to a group of a project of the subtree: at most five per group.',
  auth: 'session',
  button: Button.PROJECTS,
  request: z.object({ projectId: projectIdField, group: photoGroupField, url: photoUrlField }).strict(),
  response: projectPhoto,
});

export const removeProjectPhoto = defineCall({
  path: `${CLOUD_API}/project/removeProjectPhoto`,
  description: 'Removes a photo of a project of the subtree.',
  auth: 'session',
  button: Button.PROJECTS,
  request: z.object({ projectId: projectIdField, photoId: idField('projects.validation.photoId') }).strict(),
  response: z.null(),
});

export const submitProjectAudit = defineCall({
  path: `${CLOUD_API}/project/submitAudit`,
  description:
    'Submits a project that is not submitted or was rejected for audit (pending); every required photo group must be filled.',
  auth: 'session',
  button: Button.PROJECTS,
  request: z.object({ projectId: projectIdField }).strict(),
  response: project,
});

/** The outcome of a passed audit for each device that awaited it or was locked. */
export const auditDeviceOutcome = z.object({
  deviceId: z.string(),
  deviceCode: z.string(),
  /** activated / unlocked: the device accepted; offline: it was not connected (activate it again once online); refused / noReply. */
  outcome: z.enum(['activated', 'unlocked', 'offline', 'refused', 'noReply']),
});
export type AuditDeviceOutcome = z.infer<typeof auditDeviceOutcome>;

export const passProjectAudit = defineCall({
  path: `${CLOUD_API}/project/passAudit`,
  description:
    'Passes a pending audit: devices awaiting it are activated with the audited warranty and locked ones unlocked (those online now).',
  auth: 'session',
  button: Button.PROJECT_AUDIT,
  waitsForDevice: true,
  request: z.object({ projectId: projectIdField }).strict(),
  response: project.extend({ devices: z.array(auditDeviceOutcome) }),
});

export const rejectProjectAudit = defineCall({
  path: `${CLOUD_API}/project/rejectAudit`,
  description: 'Rejects a pending audit with a reason; the project can be changed and submitted again.',
  auth: 'session',
  button: Button.PROJECT_AUDIT,
  request: z
    .object({
      projectId: projectIdField,
      reason: z
        .string({ error: 'projects.validation.rejectReason' })
        .trim()
        .min(1, 'projects.validation.rejectReason')
        .max(200, 'projects.validation.rejectReason'),
    })
    .strict(),
  response: project,
});

export const projectAuditRecord = z.object({
  auditId: z.string(),
  fromState: projectCheckStateSchema,
  toState: projectCheckStateSchema,
  reason: z.string(),
  operatorName: z.string(),
  createTime: z.string(),
});

export const listProjectAudits = defineCall({
  path: `${CLOUD_API}/project/auditRecords`,
  description: 'The audit records of a project of the subtree (submit, pass, reject), newest first.',
  auth: 'session',
  button: Button.PROJECTS,
  request: z.object({ projectId: projectIdField }).strict(),
  response: z.array(projectAuditRecord),
});
