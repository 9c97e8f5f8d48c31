import {
  addDeviceToProject,
  addProjectPhoto,
  Button,
  ErrorCode,
  listProjectAudits,
  MAX_PHOTOS_PER_GROUP,
  passProjectAudit,
  projectDetail,
  rejectProjectAudit,
  removeDeviceFromProject,
  removeProjectPhoto,
  submitProjectAudit,
  updateProject,
  uploadLinks,
  type Project,
  type ProjectPhoto,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/harness.ts';
import {
  caller,
  fillRequiredPhotos,
  newProject,
  projectDevice,
  projectFields,
  projectWorld,
  type ProjectWorld,
} from '../../../test/projects-setup.ts';
import { uploadedUrl } from '../../../test/uploads.ts';

let w: ProjectWorld;
beforeAll(async () => {
  w = await projectWorld(await startTestApp());
});
afterAll(async () => w.t.close());

const state = async (projectId: string) =>
  (await w.staff.api<Project>(projectDetail, { projectId })).objectResult!.projectCheckState;
type Detail = Project & { photos: ProjectPhoto[] };

describe('photos', () => {
  it('adds uploaded photos to groups, at most five per group, and removes them', async () => {
    const projectId = await newProject(w.staff);
    const photos: ProjectPhoto[] = [];
    for (let i = 0; i < MAX_PHOTOS_PER_GROUP; i += 1) {
      const url = await uploadedUrl(w.t.app, w.staff.as);
      const added = await w.staff.api<ProjectPhoto>(addProjectPhoto, { projectId, group: 'pumpModel', url });
      expect(added.error_code).toBe(0);
      photos.push(added.objectResult!);
    }
    const sixth = await uploadedUrl(w.t.app, w.staff.as);
    expect(await w.staff.api(addProjectPhoto, { projectId, group: 'pumpModel', url: sixth })).toMatchObject({
      error_code: ErrorCode.PROJECT_PHOTO_GROUP_FULL,
      error_msg: 'The group Pump model already holds 5 photos',
    });
    expect((await w.staff.api(addProjectPhoto, { projectId, group: 'pumpModel', url: sixth }, 'zh_CN')).error_msg).toBe(
      '水泵型号已有5张照片',
    );
    expect((await w.staff.api(addProjectPhoto, { projectId, group: 'softWater', url: sixth })).error_code).toBe(0);
    const detail = (await w.staff.api<Detail>(projectDetail, { projectId })).objectResult!;
    expect(detail.photos.filter((p) => p.group === 'pumpModel')).toHaveLength(5);
    expect((await w.staff.api(removeProjectPhoto, { projectId, photoId: photos[0]!.photoId })).error_code).toBe(0);
    expect((await w.staff.api(removeProjectPhoto, { projectId, photoId: photos[0]!.photoId })).error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await w.staff.api<Detail>(projectDetail, { projectId })).objectResult!.photos).toHaveLength(5);
  });

  it("refuses a URL the upload call did not issue to the caller's company, and an unknown group", async () => {
    const projectId = await newProject(w.staff);
    const strangers = await uploadedUrl(w.t.app, w.stranger.as);
    expect((await w.staff.api(addProjectPhoto, { projectId, group: 'hostPanorama', url: strangers })).error_code).toBe(
      ErrorCode.UPLOAD_NOT_ISSUED,
    );
    expect(
      (await w.staff.api(addProjectPhoto, { projectId, group: 'hostPanorama', url: '/uploads/../../etc/passwd.png' }))
        .error_code,
    ).toBe(ErrorCode.UPLOAD_NOT_ISSUED);
    const mine = await uploadedUrl(w.t.app, w.staff.as);
    const badGroup = await w.staff.api(addProjectPhoto, { projectId, group: 'roof', url: mine }, 'zh_CN');
    expect(badGroup.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(badGroup.error_msg).toContain('请选择照片分组');
    expect((await w.staff.api<Detail>(projectDetail, { projectId })).objectResult!.photos).toEqual([]);
  });

  it("lets the branch see photos its ancestor uploaded for the branch's project", async () => {
    const projectId = await newProject(w.staff, { ownerDealerId: w.A1 });
    const url = await uploadedUrl(w.t.app, w.staff.as);
    expect((await w.staff.api(addProjectPhoto, { projectId, group: 'hostPanorama', url })).error_code).toBe(0);
    const links = await w.branch.api<{ links: unknown[] }>(uploadLinks, { urls: [url] });
    expect(links.objectResult!.links).toHaveLength(1);
    expect((await w.stranger.api<{ links: unknown[] }>(uploadLinks, { urls: [url] })).objectResult!.links).toEqual([]);
  });
});

describe('audit', () => {
  it('submit needs every required photo group, naming the empty ones in both languages', async () => {
    const projectId = await newProject(w.staff);
    const url = await uploadedUrl(w.t.app, w.staff.as);
    await w.staff.api(addProjectPhoto, { projectId, group: 'hostPanorama', url });
    expect(await w.staff.api(submitProjectAudit, { projectId })).toMatchObject({
      error_code: ErrorCode.PROJECT_PHOTOS_MISSING,
      error_msg:
        'The contents are not filled in: Auxiliary accessories, Pump model, Pipe diameter, Main distribution box, Water-tank sensor position',
    });
    expect((await w.staff.api(submitProjectAudit, { projectId }, 'zh_CN')).error_msg).toBe(
      '内容未填写：辅助配件, 水泵型号, 管道管径, 总配电箱, 水箱传感器位置',
    );
    expect(await state(projectId)).toBe(0);
  });

  it('goes not submitted -> pending -> rejected (reason) -> pending -> passed, each step recorded; illegal steps refused', async () => {
    const projectId = await newProject(w.staff);
    await fillRequiredPhotos(w.t, w.staff, projectId);
    // Only pending audits are passed or rejected.
    expect((await w.auditor.api(passProjectAudit, { projectId })).error_code).toBe(ErrorCode.PROJECT_AUDIT_TRANSITION);
    const submitted = await w.staff.api<Project>(submitProjectAudit, { projectId });
    expect(submitted.objectResult).toMatchObject({ projectCheckState: 1 });
    expect(submitted.objectResult!.checkSubmitTime).not.toBeNull();
    expect(await w.staff.api(submitProjectAudit, { projectId })).toMatchObject({
      error_code: ErrorCode.PROJECT_AUDIT_TRANSITION,
      error_msg: 'This cannot be done to a project whose audit state is Waiting for audit',
    });
    // Nothing changes while the audit is pending: fields, photos, devices.
    const locked = await w.staff.api(updateProject, projectFields({ projectId, version: 1 }), 'zh_CN');
    expect(locked).toMatchObject({
      error_code: ErrorCode.PROJECT_AUDIT_LOCKED,
      error_msg: '项目审核状态为待审核，不能修改',
    });
    const url = await uploadedUrl(w.t.app, w.staff.as);
    expect((await w.staff.api(addProjectPhoto, { projectId, group: 'softWater', url })).error_code).toBe(
      ErrorCode.PROJECT_AUDIT_LOCKED,
    );
    const device = await projectDevice(w, w.A);
    expect((await w.staff.api(addDeviceToProject, { projectId, deviceIds: [device] })).error_code).toBe(
      ErrorCode.PROJECT_AUDIT_LOCKED,
    );
    // Pass and reject need the audit button; a rejection needs its reason.
    expect((await w.staff.api(passProjectAudit, { projectId })).error_code).toBe(ErrorCode.PERMISSION_DENIED);
    expect((await w.staff.api(rejectProjectAudit, { projectId, reason: 'x' })).error_code).toBe(
      ErrorCode.PERMISSION_DENIED,
    );
    const noReason = await w.auditor.api(rejectProjectAudit, { projectId, reason: '  ' });
    expect(noReason.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(noReason.error_msg).toContain('Please enter the reason for rejection');
    expect(await state(projectId)).toBe(1);
    const rejected = await w.auditor.api<Project>(rejectProjectAudit, { projectId, reason: 'Pump photo is blurred' });
    expect(rejected.objectResult).toMatchObject({ projectCheckState: 3, rejectReason: 'Pump photo is blurred' });
    expect((await w.auditor.api(passProjectAudit, { projectId })).error_code).toBe(ErrorCode.PROJECT_AUDIT_TRANSITION);
    // Rejected: editable again, then submitted again.
    expect((await w.staff.api(updateProject, projectFields({ projectId, version: 1 }))).error_code).toBe(0);
    expect((await w.staff.api<Project>(submitProjectAudit, { projectId })).objectResult).toMatchObject({
      projectCheckState: 1,
      rejectReason: '',
    });
    const passed = await w.auditor.api<Project & { devices: unknown[] }>(passProjectAudit, { projectId });
    expect(passed.objectResult).toMatchObject({ projectCheckState: 2, devices: [] });
    for (const [entry, payload] of [
      [submitProjectAudit, { projectId }],
      [passProjectAudit, { projectId }],
      [rejectProjectAudit, { projectId, reason: 'again' }],
    ] as const)
      expect((await w.auditor.api(entry, payload)).error_code, entry.path).toBe(ErrorCode.PROJECT_AUDIT_TRANSITION);
    // Passed: fields and photos stay as audited; devices may still join and leave.
    expect((await w.staff.api(updateProject, projectFields({ projectId, version: 2 }))).error_code).toBe(
      ErrorCode.PROJECT_AUDIT_LOCKED,
    );
    expect((await w.staff.api(addDeviceToProject, { projectId, deviceIds: [device] })).error_code).toBe(0);
    expect((await w.staff.api(removeDeviceFromProject, { projectId, deviceIds: [device] })).error_code).toBe(0);
    const records = await w.staff.api<Array<Record<string, unknown>>>(listProjectAudits, { projectId });
    expect(records.objectResult!.map(({ fromState, toState, reason }) => [fromState, toState, reason])).toEqual([
      [1, 2, ''],
      [3, 1, ''],
      [1, 3, 'Pump photo is blurred'],
      [0, 1, ''],
    ]);
    expect(records.objectResult![0]).toMatchObject({ operatorName: expect.stringContaining('Staff') });
  });

  it('an auditor of another subtree cannot see, pass or reject the project', async () => {
    const projectId = await newProject(w.staff);
    await fillRequiredPhotos(w.t, w.staff, projectId);
    await w.staff.api(submitProjectAudit, { projectId });
    expect((await w.stranger.api(passProjectAudit, { projectId })).error_code).toBe(ErrorCode.NOT_FOUND);
    expect((await w.stranger.api(rejectProjectAudit, { projectId, reason: 'no' })).error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await w.stranger.api(listProjectAudits, { projectId })).error_code).toBe(ErrorCode.NOT_FOUND);
    expect(await state(projectId)).toBe(1);
    // An auditor of the branch does not reach its parent's project either.
    const branchAuditor = await caller(w.t, w.A1, [Button.PROJECTS, Button.PROJECT_AUDIT]);
    expect((await branchAuditor.api(passProjectAudit, { projectId })).error_code).toBe(ErrorCode.NOT_FOUND);
  });
});
