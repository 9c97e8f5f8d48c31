import { ErrorCode, getProjectAuditNum, getProjectIncreasedNum, zonedDay } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/harness.ts';
import { newProject, projectWorld, type ProjectWorld } from '../../../test/projects-setup.ts';
import { rollUpProjectStats } from './stats-job.ts';

/**
 * The project figures of the dashboard: the days before today from the project statistics job's roll-up, run
 * here at chosen Beijing instants after the rows were dated into the past; today counted on read.
 */
const ZONE = 'Asia/Shanghai';
const beijing = (wall: string) => new Date(`${wall}+08:00`);

let w: ProjectWorld;
beforeAll(async () => {
  w = await projectWorld(await startTestApp());
});
afterAll(async () => w.t.close());

type Counts = Array<{ time: string; num: number }>;
const at = async (projectId: string, created: string) =>
  w.t.db
    .updateTable('projects')
    .set({ created_at: new Date(created) })
    .where('id', '=', projectId)
    .execute();
const passedAt = (projectId: string, when: string) =>
  w.t.db
    .insertInto('project_audits')
    .values({ project_id: projectId, from_state: 1, to_state: 2, created_at: new Date(when) })
    .execute();

describe('project figures of the dashboard', () => {
  it("counts projects added per Beijing day and month of the caller's subtree, every day of the range answered", async () => {
    // 15:59 UTC is 23:59 in Beijing on the 1st; 16:00 UTC is already the 2nd there.
    await at(await newProject(w.staff), '2025-03-01T15:59:00Z');
    await at(await newProject(w.staff), '2025-03-01T16:00:00Z');
    await at(await newProject(w.branch), '2025-03-02T01:00:00Z');
    await at(await newProject(w.stranger), '2025-03-02T01:00:00Z');
    await at(await newProject(w.staff), '2025-04-10T04:00:00Z');
    // The job's first run counts every day from the first project's to yesterday.
    await rollUpProjectStats(w.t.db, ZONE, beijing('2025-05-10T00:30:00'));
    const range = { startTime: '2025-03-01', endTime: '2025-03-03' };
    expect((await w.staff.api<Counts>(getProjectIncreasedNum, range)).objectResult).toEqual([
      { time: '2025-03-01', num: 1 },
      { time: '2025-03-02', num: 2 },
      { time: '2025-03-03', num: 0 },
    ]);
    expect((await w.branch.api<Counts>(getProjectIncreasedNum, range)).objectResult).toEqual([
      { time: '2025-03-01', num: 0 },
      { time: '2025-03-02', num: 1 },
      { time: '2025-03-03', num: 0 },
    ]);
    const months = { startTime: '2025-02-15', endTime: '2025-04-30', timeType: 'month' };
    expect((await w.staff.api<Counts>(getProjectIncreasedNum, months)).objectResult).toEqual([
      { time: '2025-02', num: 0 },
      { time: '2025-03', num: 3 },
      { time: '2025-04', num: 1 },
    ]);
  });

  it('counts passed audits per Beijing day of the subtree', async () => {
    const mine = await newProject(w.staff);
    const theirs = await newProject(w.stranger);
    await passedAt(mine, '2025-05-01T17:00:00Z');
    await passedAt(theirs, '2025-05-01T17:00:00Z');
    await rollUpProjectStats(w.t.db, ZONE, beijing('2025-05-10T00:40:00'));
    const range = { startTime: '2025-05-01', endTime: '2025-05-02' };
    expect((await w.staff.api<Counts>(getProjectAuditNum, range)).objectResult).toEqual([
      { time: '2025-05-01', num: 0 },
      { time: '2025-05-02', num: 1 },
    ]);
  });

  it('reads past days from the roll-up, which the next run recounts; today counted on read', async () => {
    const range = { startTime: '2025-05-09', endTime: '2025-05-09' };
    expect((await w.staff.api<Counts>(getProjectIncreasedNum, range)).objectResult).toEqual([
      { time: '2025-05-09', num: 0 },
    ]);
    // A project dated into a day already counted (as a transaction committing after the count): the figure
    // is the roll-up's until the job's next run recounts the days from the last one it holds.
    const late = await newProject(w.branch);
    await at(late, '2025-05-09T10:00:00Z');
    expect((await w.staff.api<Counts>(getProjectIncreasedNum, range)).objectResult).toEqual([
      { time: '2025-05-09', num: 0 },
    ]);
    await rollUpProjectStats(w.t.db, ZONE, beijing('2025-05-10T00:50:00'));
    expect((await w.staff.api<Counts>(getProjectIncreasedNum, range)).objectResult).toEqual([
      { time: '2025-05-09', num: 1 },
    ]);
    expect((await w.branch.api<Counts>(getProjectIncreasedNum, range)).objectResult).toEqual([
      { time: '2025-05-09', num: 1 },
    ]);
    // Today: no run needed, the rows since midnight are counted.
    const today = zonedDay(new Date(), ZONE);
    const now = { startTime: today, endTime: today };
    const added = (await w.branch.api<Counts>(getProjectIncreasedNum, now)).objectResult![0]!.num;
    const passed = (await w.branch.api<Counts>(getProjectAuditNum, now)).objectResult![0]!.num;
    const fresh = await newProject(w.branch);
    await passedAt(fresh, new Date().toISOString());
    expect((await w.branch.api<Counts>(getProjectIncreasedNum, now)).objectResult).toEqual([
      { time: today, num: added + 1 },
    ]);
    expect((await w.branch.api<Counts>(getProjectAuditNum, { ...now, timeType: 'month' })).objectResult).toEqual([
      { time: today.slice(0, 7), num: passed + 1 },
    ]);
  });

  it('refuses a range that ends before it starts or spans more than 400 days, in both languages', async () => {
    const backwards = await w.staff.api(getProjectIncreasedNum, { startTime: '2025-03-02', endTime: '2025-03-01' });
    expect(backwards.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(backwards.error_msg).toContain('Please choose a valid time range');
    const long = await w.staff.api(getProjectAuditNum, { startTime: '2024-01-01', endTime: '2025-03-01' }, 'zh_CN');
    expect(long.error_msg).toContain('请选择有效的时间范围');
    expect((await w.staff.api(getProjectAuditNum, { startTime: '2025-02-30', endTime: '2025-03-01' })).error_code).toBe(
      ErrorCode.BAD_REQUEST,
    );
  });
});
