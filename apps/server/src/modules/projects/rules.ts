import {
  canTransition,
  ErrorCode,
  PROJECT_AUDIT_TRANSITIONS,
  ProjectCheckState,
  REQUIRED_PHOTO_GROUPS,
  translate,
  type Locale,
  type ProjectPhotoGroup,
} from '@dcc/contract';
import { fail } from '../../http/app-error.ts';

/** The pure rules of projects (spec sections 4 and 5), checked without a database. */

const stateName = (state: number, locale: Locale): string => translate(locale, `projects.checkState.${state}`);
const listed = (values: readonly string[]): string => values.join(', ');

/** Fields and photos change only while the project is not submitted or was rejected. */
export function assertContentEditable(checkState: number, locale: Locale): void {
  if (checkState === ProjectCheckState.PENDING || checkState === ProjectCheckState.PASSED)
    fail(ErrorCode.PROJECT_AUDIT_LOCKED, { state: stateName(checkState, locale) });
}

/** Devices join and leave a project in any state but a pending audit (what is audited stays as submitted). */
export function assertDevicesChangeable(checkState: number, locale: Locale): void {
  if (checkState === ProjectCheckState.PENDING)
    fail(ErrorCode.PROJECT_AUDIT_LOCKED, { state: stateName(checkState, locale) });
}

/** An audit step the state machine of section 4 allows (PROJECT_AUDIT_TRANSITIONS). */
export function assertTransition(from: number, to: number, locale: Locale): void {
  if (!canTransition(PROJECT_AUDIT_TRANSITIONS, from, to))
    fail(ErrorCode.PROJECT_AUDIT_TRANSITION, { state: stateName(from, locale) });
}

/** Submitting needs a photo in every required group ('the contents are not filled in', naming them). */
export function assertPhotosComplete(filled: ReadonlySet<string>, locale: Locale): void {
  const missing = REQUIRED_PHOTO_GROUPS.filter((group) => !filled.has(group));
  if (missing.length > 0)
    fail(ErrorCode.PROJECT_PHOTOS_MISSING, {
      groups: listed(missing.map((group: ProjectPhotoGroup) => translate(locale, `projects.photoGroup.${group}`))),
    });
}

/** What the device rules read of a device: its IoT code, its project and what its product is. */
export interface ProjectDevice {
  id: string;
  code: string;
  projectId: string | null;
  controller: boolean;
  sensor: boolean;
}

/**
 * Devices joining a project (spec section 5), all or none: none bound to another project; at most one
 * centrally controlled product (centralized controller) in the project; a temperature/humidity sensor only
 * with a controller in the project (already there or joining with it). Answers the devices not in it yet.
 */
export function joiningDevices(
  projectId: string,
  members: readonly ProjectDevice[],
  joining: readonly ProjectDevice[],
): ProjectDevice[] {
  const taken = joining.filter((device) => device.projectId !== null && device.projectId !== projectId);
  if (taken.length > 0) fail(ErrorCode.PROJECT_DEVICE_TAKEN, { devices: listed(taken.map((d) => d.code)) });
  const added = joining.filter((device) => device.projectId === null);
  const newControllers = added.filter((device) => device.controller);
  const controllersAfter = newControllers.length + members.filter((device) => device.controller).length;
  if (newControllers.length > 0 && controllersAfter > 1)
    fail(ErrorCode.PROJECT_SECOND_CONTROLLER, { devices: listed(newControllers.map((d) => d.code)) });
  const hasController = newControllers.length > 0 || members.some((device) => device.controller);
  const sensors = added.filter((device) => device.sensor);
  if (sensors.length > 0 && !hasController)
    fail(ErrorCode.PROJECT_SENSOR_NEEDS_CONTROLLER, { devices: listed(sensors.map((d) => d.code)) });
  return added;
}

/** Devices leaving a project, all or none: each must be in it; the controller leaves only with or after the sensors. */
export function leavingDevices(
  projectId: string,
  members: readonly ProjectDevice[],
  leaving: readonly ProjectDevice[],
): void {
  const outside = leaving.filter((device) => device.projectId !== projectId);
  if (outside.length > 0)
    fail(ErrorCode.PROJECT_DEVICE_NOT_IN_PROJECT, { devices: listed(outside.map((d) => d.code)) });
  const going = new Set(leaving.map((device) => device.id));
  const remaining = members.filter((device) => !going.has(device.id));
  if (leaving.some((device) => device.controller) && remaining.some((device) => device.sensor))
    fail(ErrorCode.PROJECT_CONTROLLER_HAS_SENSORS);
}

/** A project holding a centralized controller stays centrally controlled. */
export function assertCenControlKept(isCenControl: 'N' | 'Y', members: readonly ProjectDevice[]): void {
  if (isCenControl === 'N' && members.some((device) => device.controller)) fail(ErrorCode.PROJECT_CEN_CONTROL_FIXED);
}
