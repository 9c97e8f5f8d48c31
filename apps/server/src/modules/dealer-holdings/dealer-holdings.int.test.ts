import {
  addDeviceToProject,
  Button,
  deleteDealers,
  ErrorCode,
  handOverDealers,
  listDealerDevices,
  listDealerProjects,
  type Device,
  type Project,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer } from '../../../test/factories.ts';
import { startTestApp } from '../../../test/harness.ts';
import {
  caller,
  newProject,
  projectDevice,
  projectWorld,
  type ProjectCaller,
  type ProjectWorld,
} from '../../../test/projects-setup.ts';

let w: ProjectWorld;
/** A member of A with dealer management (and the project buttons to make projects). */
let manager: ProjectCaller;
beforeAll(async () => {
  w = await projectWorld(await startTestApp());
  manager = await caller(w.t, w.A, [
    Button.DEALER_MANAGE,
    Button.DEALERS,
    Button.PROJECT_MANAGE,
    Button.PROJECTS,
    Button.DEVICES,
  ]);
});
afterAll(async () => w.t.close());

type DevicePage = { list: Device[]; totalSize: number; totalExact: boolean };
type ProjectPage = { list: Project[]; totalSize: number };

const ownerOf = async (table: 'devices' | 'projects', id: string) =>
  (await w.t.db.selectFrom(table).select('dealer_id').where('id', '=', id).executeTakeFirstOrThrow()).dealer_id;

/** A new dealer below A1 (level 3), with no members, so that it can be deleted or handed over. */
const emptyDealer = () => newDealer(w.t.db, { parentId: w.A1, level: 3 });

describe("a dealer's devices and projects on its detail page", () => {
  it('pages the devices and projects the dealer owns itself, newest first, not those of its sub-dealers', async () => {
    const dealer = await emptyDealer();
    const below = await newDealer(w.t.db, { parentId: dealer, level: 4 });
    const devices = [];
    for (let i = 0; i < 3; i += 1) devices.push(await projectDevice(w, dealer));
    await projectDevice(w, below);
    const projects = [await newProject(manager, { ownerDealerId: dealer })];
    projects.push(await newProject(manager, { ownerDealerId: dealer }));
    await newProject(manager, { ownerDealerId: below });

    const first = await manager.api<DevicePage>(listDealerDevices, { id: dealer, pageSize: 2 });
    expect(first.error_code).toBe(0);
    expect(first.objectResult).toMatchObject({ totalSize: 3, totalExact: true });
    expect(first.objectResult!.list.map((device) => device.deviceId)).toEqual([devices[2], devices[1]]);
    expect(first.objectResult!.list[0]).toMatchObject({ ownerDealerId: dealer });
    const second = await manager.api<DevicePage>(listDealerDevices, { id: dealer, pageSize: 2, pageIndex: 2 });
    expect(second.objectResult!.list.map((device) => device.deviceId)).toEqual([devices[0]]);

    const owned = await manager.api<ProjectPage>(listDealerProjects, { id: dealer });
    expect(owned.objectResult!.totalSize).toBe(2);
    expect(owned.objectResult!.list.map((project) => project.projectId)).toEqual([projects[1], projects[0]]);
    expect(owned.objectResult!.list[0]).toMatchObject({ dealersId: dealer, allDeviceCount: 0 });
  });

  it('answers NOT_FOUND for a dealer outside the subtree, and needs the dealer button', async () => {
    await projectDevice(w, w.B);
    await newProject(w.stranger, {});
    for (const entry of [listDealerDevices, listDealerProjects]) {
      expect((await manager.api(entry, { id: w.B })).error_code).toBe(ErrorCode.NOT_FOUND);
      expect((await manager.api(entry, { id: w.P })).error_code).toBe(ErrorCode.NOT_FOUND);
      expect((await w.staff.api(entry, { id: w.A })).error_code).toBe(ErrorCode.PERMISSION_DENIED);
    }
  });
});

describe('deleting a dealer that owns devices or projects', () => {
  it('is refused with both counts in both languages, and goes once they are handed over', async () => {
    const dealer = await emptyDealer();
    await projectDevice(w, dealer);
    await projectDevice(w, dealer);
    await newProject(manager, { ownerDealerId: dealer });
    expect(await manager.api(deleteDealers, { id: dealer })).toMatchObject({
      error_code: ErrorCode.DEALER_HAS_DEVICES,
      error_msg:
        'This dealer still owns 2 device(s) and 1 project(s); hand them over to another dealer before deleting it',
    });
    expect((await manager.api(deleteDealers, { id: dealer }, 'zh_CN')).error_msg).toBe(
      '该经销商还有 2 台设备和 1 个项目，请先移交给其他经销商再删除',
    );
    const onlyProject = await emptyDealer();
    await newProject(manager, { ownerDealerId: onlyProject });
    expect((await manager.api(deleteDealers, { id: onlyProject })).error_msg).toBe(
      'This dealer still owns 0 device(s) and 1 project(s); hand them over to another dealer before deleting it',
    );

    const receiver = await emptyDealer();
    expect((await manager.api(handOverDealers, { id: dealer, toId: receiver })).error_code).toBe(0);
    expect((await manager.api(deleteDealers, { id: dealer })).error_code).toBe(0);
    expect(await w.t.db.selectFrom('dealers').select('id').where('id', '=', dealer).executeTakeFirst()).toBeUndefined();
  });
});

describe('handing a dealer over', () => {
  it("moves its sub-dealers, its own devices and projects (with the projects' devices) to the receiver", async () => {
    const from = await emptyDealer();
    const sub = await newDealer(w.t.db, { parentId: from, level: 4 });
    const receiver = await emptyDealer();
    const devices = [await projectDevice(w, from), await projectDevice(w, from)];
    const subDevice = await projectDevice(w, sub);
    const project = await newProject(manager, { ownerDealerId: from });
    const joined = await manager.api(addDeviceToProject, { projectId: project, deviceIds: [devices[0]] });
    expect(joined.error_code).toBe(0);

    const answer = await manager.api<{ moved: number; devices: number; projects: number }>(handOverDealers, {
      id: from,
      toId: receiver,
    });
    expect(answer).toMatchObject({ error_code: 0, objectResult: { moved: 1, devices: 2, projects: 1 } });
    for (const device of devices) expect(await ownerOf('devices', device)).toBe(receiver);
    expect(await ownerOf('projects', project)).toBe(receiver);
    // The sub-dealer keeps its own devices; it now sits under the receiver.
    expect(await ownerOf('devices', subDevice)).toBe(sub);
    const moved = await w.t.db
      .selectFrom('dealers')
      .select('parent_id')
      .where('id', '=', sub)
      .executeTakeFirstOrThrow();
    expect(moved.parent_id).toBe(receiver);
    const inProject = await w.t.db
      .selectFrom('devices')
      .select('project_id')
      .where('id', '=', devices[0]!)
      .executeTakeFirstOrThrow();
    expect(inProject.project_id).toBe(project);
    // Each device's operation log records the move with both owners.
    const logged = await w.t.db
      .selectFrom('device_operations')
      .select(['device_id', 'action', 'changes'])
      .where('device_id', 'in', devices)
      .where('action', '=', 'move')
      .execute();
    expect(logged).toHaveLength(2);
    expect(JSON.stringify(logged[0]!.changes)).toContain('"field":"owner"');
    // The receiver's detail lists them now.
    const listed = await manager.api<DevicePage>(listDealerDevices, { id: receiver });
    expect(listed.objectResult!.list.map((device) => device.deviceId).sort()).toEqual([...devices].sort());
    expect((await manager.api<ProjectPage>(listDealerProjects, { id: from })).objectResult!.totalSize).toBe(0);
  });

  it('moves nothing when the receiver is refused (outside the subtree, or inside the dealer)', async () => {
    const from = await emptyDealer();
    const sub = await newDealer(w.t.db, { parentId: from, level: 4 });
    const device = await projectDevice(w, from);
    const project = await newProject(manager, { ownerDealerId: from });
    expect((await manager.api(handOverDealers, { id: from, toId: w.B })).error_code).toBe(ErrorCode.NOT_FOUND);
    expect((await manager.api(handOverDealers, { id: from, toId: sub })).error_code).toBe(ErrorCode.DEALER_CYCLE);
    expect(await ownerOf('devices', device)).toBe(from);
    expect(await ownerOf('projects', project)).toBe(from);
  });

  it('moves the devices and projects of a dealer without sub-dealers too', async () => {
    const from = await emptyDealer();
    const receiver = await emptyDealer();
    const device = await projectDevice(w, from);
    const answer = await manager.api(handOverDealers, { id: from, toId: receiver });
    expect(answer).toMatchObject({ error_code: 0, objectResult: { moved: 0, devices: 1, projects: 0 } });
    expect(await ownerOf('devices', device)).toBe(receiver);
  });
});
