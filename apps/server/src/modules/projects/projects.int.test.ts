import {
  addProject,
  deleteProject,
  ErrorCode,
  getDealersProject,
  projectDetail,
  updateProject,
  updateProjectIsImportant,
  type Project,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/harness.ts';
import { newProject, projectFields, projectWorld, type ProjectWorld } from '../../../test/projects-setup.ts';

let w: ProjectWorld;
beforeAll(async () => {
  w = await projectWorld(await startTestApp());
});
afterAll(async () => w.t.close());

const count = async () =>
  Number(
    (
      await w.t.db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
type Page = { list: Project[]; totalSize: number };

describe('add and edit', () => {
  it('adds a project of the company, not submitted, with its province named in the caller language', async () => {
    const answer = await w.staff.api<Project>(addProject, projectFields({ projectName: '浦东酒店热水' }));
    expect(answer.error_code).toBe(0);
    expect(answer.objectResult).toMatchObject({
      projectName: '浦东酒店热水',
      isCenControl: 'N',
      type: 'hotel',
      area: 1250.5,
      province: '310000',
      provinceText: 'Shanghai',
      userPhone: '13800138000',
      application: 'energySaving',
      dealersId: w.A,
      allDeviceCount: 0,
      checkSubmitTime: null,
      projectCheckState: 0,
      rejectReason: '',
      isImportant: 0,
      version: 1,
    });
    const zh = await w.staff.api<Project>(projectDetail, { projectId: answer.objectResult!.projectId }, 'zh_CN');
    expect(zh.objectResult).toMatchObject({ provinceText: '上海市', photos: [] });
  });

  it('adds for a dealer of the subtree, never for one outside it', async () => {
    const mine = await w.staff.api<Project>(addProject, projectFields({ ownerDealerId: w.A1 }));
    expect(mine.objectResult?.dealersId).toBe(w.A1);
    const before = await count();
    expect((await w.staff.api(addProject, projectFields({ ownerDealerId: w.B }))).error_code).toBe(ErrorCode.NOT_FOUND);
    expect(await count()).toBe(before);
  });

  it('refuses bad fields with messages in both languages and adds nothing', async () => {
    const before = await count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ projectName: ' ' }, 'Please enter a project name (at most 50 characters)', '请输入项目名称（最多50个字符）'],
      [{ userPhone: '12345' }, '', ''],
      [{ isCenControl: 'X' }, 'Please choose ordinary or centrally controlled', '请选择普通或集控'],
      [{ type: 'castle' }, 'Please choose a project type', '请选择项目类型'],
      [{ application: 'deluxe' }, 'Please choose an application', '请选择应用属性'],
      [
        { area: -3 },
        'The area is a positive number of square metres with at most two decimals',
        '面积为正数（平方米），最多两位小数',
      ],
      [
        { area: 1.234 },
        'The area is a positive number of square metres with at most two decimals',
        '面积为正数（平方米），最多两位小数',
      ],
      [{ longitude: 181 }, 'The longitude lies between -180 and 180', '经度应在-180到180之间'],
      [{ latitude: -91 }, 'The latitude lies between -90 and 90', '纬度应在-90到90之间'],
      [{ province: '31000' }, 'Please choose a province', '请选择省份'],
    ];
    for (const [fields, en, zh] of cases) {
      const answer = await w.staff.api(addProject, projectFields(fields));
      expect(answer.error_code, JSON.stringify(fields)).toBe(ErrorCode.BAD_REQUEST);
      if (en) expect(answer.error_msg).toContain(en);
      if (zh) expect((await w.staff.api(addProject, projectFields(fields), 'zh_CN')).error_msg).toContain(zh);
    }
    // A province code of the right shape that GB/T 2260 does not know.
    expect((await w.staff.api(addProject, projectFields({ province: '990000' }))).error_code).toBe(
      ErrorCode.AREA_UNKNOWN,
    );
    expect(await count()).toBe(before);
  });

  it('edits at the version read; a stale version is refused and changes nothing', async () => {
    const projectId = await newProject(w.staff);
    const edited = await w.staff.api<Project>(
      updateProject,
      projectFields({ projectId, version: 1, projectName: 'Renamed', isCenControl: 'Y', province: '440000' }),
    );
    expect(edited.objectResult).toMatchObject({ projectName: 'Renamed', isCenControl: 'Y', version: 2 });
    const stale = await w.staff.api(updateProject, projectFields({ projectId, version: 1, projectName: 'Lost' }));
    expect(stale.error_code).toBe(ErrorCode.STALE_VERSION);
    expect((await w.staff.api<Project>(projectDetail, { projectId })).objectResult?.projectName).toBe('Renamed');
  });
});

describe('list', () => {
  it('filters by name, kind, province, audit state and follow flag, sorted by create time either way', async () => {
    const tag = `Filter${Date.now().toString(36)}`;
    const first = await newProject(w.staff, { projectName: `${tag} one`, isCenControl: 'Y', province: '110000' });
    const second = await newProject(w.staff, { projectName: `${tag} two`, province: '310000' });
    await w.t.db
      .updateTable('projects')
      .set({ created_at: new Date('2026-01-01T00:00:00Z') })
      .where('id', '=', first)
      .execute();
    const page = (filter: Record<string, unknown>) =>
      w.staff.api<Page>(getDealersProject, { projectName: tag, ...filter }).then((a) => a.objectResult!);
    expect((await page({})).list.map((p) => p.projectId)).toEqual([second, first]);
    expect((await page({ sortOrder: 'ascend' })).list.map((p) => p.projectId)).toEqual([first, second]);
    expect((await page({ isCenControl: 'Y' })).list.map((p) => p.projectId)).toEqual([first]);
    expect((await page({ province: '310000' })).list.map((p) => p.projectId)).toEqual([second]);
    expect((await page({ projectCheckState: 0 })).totalSize).toBe(2);
    expect((await page({ projectCheckState: 1 })).totalSize).toBe(0);
    expect((await page({ important: 1 })).totalSize).toBe(0);
    expect((await w.staff.api(updateProjectIsImportant, { projectId: second, isImportant: 1 })).error_code).toBe(0);
    expect((await page({ important: 1 })).list.map((p) => p.projectId)).toEqual([second]);
    expect((await page({ important: 0 })).list.map((p) => p.projectId)).toEqual([first]);
    expect((await w.staff.api(updateProjectIsImportant, { projectId: second, isImportant: 0 })).error_code).toBe(0);
    expect((await page({ important: 1 })).totalSize).toBe(0);
    expect((await page({ pageSize: 1, pageIndex: 2 })).list.map((p) => p.projectId)).toEqual([first]);
  });

  it("shows each company its own subtree only: A sees A1's projects, A1 not A's, B neither", async () => {
    const tag = `Scope${Date.now().toString(36)}`;
    const ofA = await newProject(w.staff, { projectName: `${tag} A` });
    const ofA1 = await newProject(w.branch, { projectName: `${tag} A1` });
    const ids = async (who: typeof w.staff) =>
      (await who.api<Page>(getDealersProject, { projectName: tag })).objectResult!.list.map((p) => p.projectId).sort();
    expect(await ids(w.staff)).toEqual([ofA, ofA1].sort());
    expect(await ids(w.branch)).toEqual([ofA1]);
    expect(await ids(w.stranger)).toEqual([]);
    for (const [entry, payload] of [
      [projectDetail, { projectId: ofA }],
      [updateProjectIsImportant, { projectId: ofA, isImportant: 1 }],
      [deleteProject, { projectId: ofA }],
      [updateProject, projectFields({ projectId: ofA, version: 1 })],
    ] as const)
      expect((await w.branch.api(entry, payload)).error_code, entry.path).toBe(ErrorCode.NOT_FOUND);
    expect((await w.staff.api<Project>(projectDetail, { projectId: ofA })).objectResult?.isImportant).toBe(0);
  });

  it('refuses bad filters in both languages', async () => {
    const bad = await w.staff.api(getDealersProject, { projectCheckState: 7 });
    expect(bad.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(bad.error_msg).toContain('Please choose a valid audit state');
    expect((await w.staff.api(getDealersProject, { important: 2 }, 'zh_CN')).error_msg).toContain('关注标记为0或1');
  });
});

describe('follow', () => {
  it('refuses a follow flag other than 0 or 1 and changes nothing', async () => {
    const projectId = await newProject(w.staff);
    const answer = await w.staff.api(updateProjectIsImportant, { projectId, isImportant: true });
    expect(answer.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect((await w.staff.api<Project>(projectDetail, { projectId })).objectResult?.isImportant).toBe(0);
  });
});
