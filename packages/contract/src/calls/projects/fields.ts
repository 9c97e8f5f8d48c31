import { z } from 'zod';
import { CenControl, ProjectCheckState } from '../../enums.ts';
import { phoneField } from '../../validation.ts';
import { idField } from '../people/common.ts';

/**
 * The project (installation site) of spec section 3 and the enums its screens label (messages
 * projects.type.*, projects.application.*, projects.photoGroup.*, projects.checkState.*).
 */

/** What the site is (our reading of the spec's "type"; the dashboard's type column shows isCenControl). */
export const PROJECT_TYPES = ['residential', 'commercial', 'hotel', 'school', 'hospital', 'factory', 'other'] as const;
/** Application/attribute: typical, excellent, energy-saving edition, premium edition, pool model, pool quality. */
export const PROJECT_APPLICATIONS = [
  'typical',
  'excellent',
  'energySaving',
  'premium',
  'poolModel',
  'poolQuality',
] as const;
/** The seven photo groups of section 3, in display order. */
export const PROJECT_PHOTO_GROUPS = [
  'hostPanorama',
  'auxiliaryAccessories',
  'pumpModel',
  'pipeDiameter',
  'mainDistributionBox',
  'waterTankSensor',
  'softWater',
] as const;
export type ProjectPhotoGroup = (typeof PROJECT_PHOTO_GROUPS)[number];
/** Groups that must hold a photo before the project is submitted (a site without a soft-water device has no photo of one). */
export const REQUIRED_PHOTO_GROUPS: readonly ProjectPhotoGroup[] = PROJECT_PHOTO_GROUPS.filter(
  (group) => group !== 'softWater',
);
/** Spec sections 5 and 9: at most five photos per group. */
export const MAX_PHOTOS_PER_GROUP = 5;
export const PROJECT_CHECK_STATES = [
  ProjectCheckState.NOT_SUBMITTED,
  ProjectCheckState.PENDING,
  ProjectCheckState.PASSED,
  ProjectCheckState.REJECTED,
] as const;
export const CEN_CONTROL_VALUES = [CenControl.ORDINARY, CenControl.CENTRAL] as const;
/** Months of warranty an activation through a passed audit gives (skipping it gives 18, spec section 9). */
export const AUDITED_WARRANTY_MONTHS = 36;

export const projectIdField = idField('projects.validation.projectId');
export const projectNameField = z
  .string({ error: 'projects.validation.projectName' })
  .trim()
  .min(1, 'projects.validation.projectName')
  .max(50, 'projects.validation.projectName');
export const isCenControlField = z.enum(CEN_CONTROL_VALUES, { error: 'projects.validation.isCenControl' });
export const projectTypeField = z.enum(PROJECT_TYPES, { error: 'projects.validation.type' });
export const applicationField = z.enum(PROJECT_APPLICATIONS, { error: 'projects.validation.application' });
export const photoGroupField = z.enum(PROJECT_PHOTO_GROUPS, { error: 'projects.validation.photoGroup' });
/** The heated or served floor area in square metres. */
export const areaField = z
  .number({ error: 'projects.validation.area' })
  .positive('projects.validation.area')
  .max(10_000_000, 'projects.validation.area')
  .refine((value) => Number.isInteger(value * 100), 'projects.validation.area');
/** A province code of GB/T 2260 (the server refuses codes it does not know). */
export const provinceField = z
  .string({ error: 'projects.validation.province' })
  .regex(/^\d{2}0000$/, 'projects.validation.province');
export const projectAddressField = z
  .string({ error: 'projects.validation.address' })
  .trim()
  .min(1, 'projects.validation.address')
  .max(200, 'projects.validation.address');
export const projectUserNameField = z
  .string({ error: 'projects.validation.userName' })
  .trim()
  .min(1, 'projects.validation.userName')
  .max(50, 'projects.validation.userName');
export const longitudeField = z
  .number({ error: 'projects.validation.longitude' })
  .min(-180, 'projects.validation.longitude')
  .max(180, 'projects.validation.longitude');
export const latitudeField = z
  .number({ error: 'projects.validation.latitude' })
  .min(-90, 'projects.validation.latitude')
  .max(90, 'projects.validation.latitude');
/** The follow flag as the spec sends it: 1 followed (key project), 0 not. */
export const importantFlagField = z.union([z.literal(0), z.literal(1)], { error: 'projects.validation.isImportant' });

/** The fields a project is added and edited with. */
export const projectFields = {
  projectName: projectNameField,
  isCenControl: isCenControlField,
  type: projectTypeField,
  area: areaField,
  province: provinceField,
  address: projectAddressField,
  userName: projectUserNameField,
  userPhone: phoneField,
  application: applicationField,
  longitude: longitudeField,
  latitude: latitudeField,
};

export const projectCheckStateSchema = z.union(PROJECT_CHECK_STATES.map((state) => z.literal(state)));

export const project = z.object({
  projectId: z.string(),
  projectName: z.string(),
  isCenControl: z.enum(CEN_CONTROL_VALUES),
  type: z.enum(PROJECT_TYPES),
  area: z.number(),
  province: z.string(),
  /** The province's name in the caller's language. */
  provinceText: z.string(),
  address: z.string(),
  userName: z.string(),
  userPhone: z.string(),
  application: z.enum(PROJECT_APPLICATIONS),
  longitude: z.number(),
  latitude: z.number(),
  dealersId: z.string(),
  dealersName: z.string(),
  allDeviceCount: z.number().int(),
  createTime: z.string(),
  /** When it was last submitted for audit; null before the first submission. */
  checkSubmitTime: z.string().nullable(),
  projectCheckState: projectCheckStateSchema,
  /** The reason of the last rejection; '' unless rejected. */
  rejectReason: z.string(),
  isImportant: z.union([z.literal(0), z.literal(1)]),
  version: z.number().int(),
});
export type Project = z.infer<typeof project>;

export const projectPhoto = z.object({ photoId: z.string(), group: z.enum(PROJECT_PHOTO_GROUPS), url: z.string() });
export type ProjectPhoto = z.infer<typeof projectPhoto>;
