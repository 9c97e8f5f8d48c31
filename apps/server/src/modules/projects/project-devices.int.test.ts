import {
  addDeviceToProject,
  cenProjectDetail,
  deleteDevice,
  deleteDevices,
  deleteProject,
  deviceByProjectId,
  ErrorCode,
  getDevice,
  listDevices,
  projectDetail,
  removeDeviceFromProject,
  submitProjectAudit,
  updateProject,
  type Device,
  type Project,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/harness.ts';
import {
  fillRequiredPhotos,
  newProject,
  projectDevice,
  projectFields,
  projectWorld,
  type ProjectWorld,
} from '../../../test/projects-setup.ts';

let w: ProjectWorld;
beforeAll(async () => {
  w = await projectWorld(await startTestApp());
});
afterAll(async () => w.t.close());

const codeOf = async (id: string) =>
  (await w.t.db.selectFrom('devices').select('device_code').where('id', '=', id).executeTakeFirstOrThrow()).device_code;
const projectOf = async (id: string) =>
  (await w.t.db.selectFrom('devices').select('project_id').where('id', '=', id).executeTakeFirstOrThrow()).project_id;
const add = (projectId: string, deviceIds: string[], language?: string) =>
  w.staff.api<Device[]>(addDeviceToProject, { projectId, deviceIds }, language);
const remove = (projectId: string, deviceIds: string[]) =>
  w.staff.api<Device[]>(removeDeviceFromProject, { projectId, deviceIds });

describe('devices of a project', () => {
  it('adds devices of the subtree, lists them with live status, and the device detail carries the project', async () => {
    const projectId = await newProject(w.staff, { projectName: 'Hotel Bund' });
    const [one, two] = [await projectDevice(w, w.A), await projectDevice(w, w.A1)];
    const added = await add(projectId, [one, two]);
    expect(added.error_code).toBe(0);
    expect(added.objectResult!.map((d) => d.deviceId).sort()).toEqual([one, two].sort());
    const listed = await w.staff.api<Device[]>(deviceByProjectId, { projectId });
    expect(listed.objectResult!.map((d) => [d.deviceId, d.status, d.projectName]).sort()).toEqual(
      [
        [one, 'UNACTIVE', 'Hotel Bund'],
        [two, 'UNACTIVE', 'Hotel Bund'],
      ].sort(),
    );
    expect((await w.staff.api<Device>(getDevice, { deviceId: one })).objectResult).toMatchObject({
      projectId,
      projectName: 'Hotel Bund',
      projectCheckState: 0,
      awaitingAudit: false,
    });
    expect((await w.staff.api<Project>(projectDetail, { projectId })).objectResult?.allDeviceCount).toBe(2);
    // The device list filters by the project's name.
    const filtered = await w.staff.api<{ list: Device[] }>(listDevices, {
      filter: { combinator: 'and', conditions: [{ field: 'projectName', symbol: '=', value: 'Hotel Bund' }] },
    });
    expect(filtered.objectResult!.list.map((d) => d.deviceId).sort()).toEqual([one, two].sort());
    // The branch sees only its own device of the project.
    expect((await w.branch.api(deviceByProjectId, { projectId })).error_code).toBe(ErrorCode.NOT_FOUND);
    // Adding again is no change; the operation log names the project.
    expect((await add(projectId, [one])).error_code).toBe(0);
    const log = await w.t.db
      .selectFrom('device_operations')
      .select(['action', 'changes'])
      .where('device_id', '=', one)
      .execute();
    expect(log).toEqual([{ action: 'joinProject', changes: [{ field: 'project', from: null, to: 'Hotel Bund' }] }]);
  });

  it('refuses a device of another subtree like a missing one, and adds none of the selection', async () => {
    const projectId = await newProject(w.staff);
    const [mine, foreign] = [await projectDevice(w, w.A), await projectDevice(w, w.B)];
    expect((await add(projectId, [mine, foreign])).error_code).toBe(ErrorCode.NOT_FOUND);
    expect(await projectOf(mine)).toBeNull();
    expect(await projectOf(foreign)).toBeNull();
    // Nor can the stranger add its device to A's project.
    expect((await w.stranger.api(addDeviceToProject, { projectId, deviceIds: [foreign] })).error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('refuses a device bound to another project, naming it, in both languages', async () => {
    const [first, second] = [await newProject(w.staff), await newProject(w.staff)];
    const [bound, free] = [await projectDevice(w, w.A), await projectDevice(w, w.A)];
    await add(first, [bound]);
    const refused = await add(second, [free, bound]);
    expect(refused).toMatchObject({
      error_code: ErrorCode.PROJECT_DEVICE_TAKEN,
      error_msg: `Device ${await codeOf(bound)} is already bound to another project`,
    });
    expect((await add(second, [bound], 'zh_CN')).error_msg).toBe(`设备${await codeOf(bound)}已绑定其他项目`);
    expect([await projectOf(bound), await projectOf(free)]).toEqual([first, null]);
  });

  it('refuses a second centrally controlled product in one project', async () => {
    const projectId = await newProject(w.staff, { isCenControl: 'Y' });
    const [one, two] = [await projectDevice(w, w.A, w.controller), await projectDevice(w, w.A, w.controller)];
    expect((await add(projectId, [one, two])).error_code).toBe(ErrorCode.PROJECT_SECOND_CONTROLLER);
    expect((await add(projectId, [one])).error_code).toBe(0);
    const refused = await add(projectId, [two]);
    expect(refused).toMatchObject({
      error_code: ErrorCode.PROJECT_SECOND_CONTROLLER,
      error_msg: `The project already has a centrally controlled product; device ${await codeOf(two)} cannot be added`,
    });
    expect(await projectOf(two)).toBeNull();
    const detail = await w.staff.api<{ controller: Device | null }>(cenProjectDetail, { projectId });
    expect(detail.objectResult?.controller?.deviceId).toBe(one);
  });

  it('a temperature/humidity sensor needs a centralized controller first (or joining with it)', async () => {
    const projectId = await newProject(w.staff, { isCenControl: 'Y' });
    const sensor = await projectDevice(w, w.A, w.sensor);
    const refused = await add(projectId, [sensor], 'zh_CN');
    expect(refused).toMatchObject({
      error_code: ErrorCode.PROJECT_SENSOR_NEEDS_CONTROLLER,
      error_msg: `请先为项目添加集中控制器，再添加温湿度传感器${await codeOf(sensor)}`,
    });
    expect(await projectOf(sensor)).toBeNull();
    const controller = await projectDevice(w, w.A, w.controller);
    expect((await add(projectId, [sensor, controller])).error_code).toBe(0);
    const other = await projectDevice(w, w.A, w.sensor);
    expect((await add(projectId, [other])).error_code).toBe(0);
    // The controller leaves only after its sensors; a centrally controlled project with one stays so.
    expect((await remove(projectId, [controller])).error_code).toBe(ErrorCode.PROJECT_CONTROLLER_HAS_SENSORS);
    expect(
      (await w.staff.api(updateProject, projectFields({ projectId, version: 1, isCenControl: 'N' }))).error_code,
    ).toBe(ErrorCode.PROJECT_CEN_CONTROL_FIXED);
    expect((await remove(projectId, [sensor, other, controller])).error_code).toBe(0);
    expect([await projectOf(sensor), await projectOf(other), await projectOf(controller)]).toEqual([null, null, null]);
  });

  it("deleting a project's controller while its sensors stay, or a device of a pending audit, is refused like removing it (one and a selection)", async () => {
    const projectId = await newProject(w.staff, { projectName: 'Pool Hall', isCenControl: 'Y' });
    const controller = await projectDevice(w, w.A, w.controller);
    const sensor = await projectDevice(w, w.A, w.sensor);
    expect((await add(projectId, [controller, sensor])).error_code).toBe(0);
    const code = await codeOf(controller);
    expect(await w.staff.api(deleteDevice, { deviceId: controller })).toMatchObject({
      error_code: ErrorCode.PROJECT_CONTROLLER_DELETE,
      error_msg: `Device ${code} is the centralized controller of project Pool Hall, which still has 1 temperature/humidity sensor(s); remove them from the project first`,
    });
    expect((await w.staff.api(deleteDevices, { deviceIds: [controller] }, 'zh_CN')).error_msg).toBe(
      `设备${code}是项目Pool Hall的集中控制器，项目还有1个温湿度传感器，请先将其移出项目`,
    );
    expect(await projectOf(controller)).toBe(projectId);
    // With its sensors (or after them) the controller goes.
    expect((await w.staff.api(deleteDevices, { deviceIds: [controller, sensor] })).error_code).toBe(0);

    const pending = await newProject(w.staff, { projectName: 'Spa Pending' });
    const device = await projectDevice(w, w.A);
    expect((await add(pending, [device])).error_code).toBe(0);
    await fillRequiredPhotos(w.t, w.staff, pending);
    expect((await w.staff.api(submitProjectAudit, { projectId: pending })).error_code).toBe(0);
    const pendingCode = await codeOf(device);
    expect(await w.staff.api(deleteDevice, { deviceId: device })).toMatchObject({
      error_code: ErrorCode.PROJECT_DEVICE_DELETE_PENDING,
      error_msg: `Device ${pendingCode} belongs to project Spa Pending, whose audit is pending; it can be deleted once the audit is decided`,
    });
    expect((await w.staff.api(deleteDevices, { deviceIds: [device] }, 'zh_CN')).error_msg).toBe(
      `设备${pendingCode}属于待审核的项目Spa Pending，审核结束后才能删除`,
    );
    expect(await projectOf(device)).toBe(pending);
  });

  it('removes only devices of this project', async () => {
    const [first, second] = [await newProject(w.staff), await newProject(w.staff)];
    const device = await projectDevice(w, w.A);
    await add(first, [device]);
    expect(await remove(second, [device])).toMatchObject({
      error_code: ErrorCode.PROJECT_DEVICE_NOT_IN_PROJECT,
      error_msg: `Device ${await codeOf(device)} is not in this project`,
    });
    expect(await projectOf(device)).toBe(first);
  });

  it('cenProjectDetail is for centrally controlled projects only', async () => {
    const projectId = await newProject(w.staff, { isCenControl: 'N' });
    expect(await w.staff.api(cenProjectDetail, { projectId })).toMatchObject({
      error_code: ErrorCode.PROJECT_NOT_CENTRAL,
      error_msg: 'The project is not centrally controlled',
    });
  });

  it('refuses to delete a project while it has devices, with their count; deletes it once empty', async () => {
    const projectId = await newProject(w.staff);
    const devices = [await projectDevice(w, w.A), await projectDevice(w, w.A1)];
    await add(projectId, devices);
    expect(await w.staff.api(deleteProject, { projectId })).toMatchObject({
      error_code: ErrorCode.PROJECT_HAS_DEVICES,
      error_msg: 'The project still has 2 devices; remove them before deleting it',
    });
    expect((await w.staff.api(deleteProject, { projectId }, 'zh_CN')).error_msg).toBe(
      '项目下还有2台设备，请先移除设备再删除',
    );
    expect((await w.staff.api(projectDetail, { projectId })).error_code).toBe(0);
    expect((await remove(projectId, devices)).error_code).toBe(0);
    expect((await w.staff.api(deleteProject, { projectId })).error_code).toBe(0);
    expect((await w.staff.api(projectDetail, { projectId })).error_code).toBe(ErrorCode.NOT_FOUND);
  });
});
