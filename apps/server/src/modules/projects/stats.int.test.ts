import { ErrorCode, getProjectAuditNum, getProjectIncreasedNum } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/harness.ts';
import { newProject, projectWorld, type ProjectWorld } from '../../../test/projects-setup.ts';

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
    const range = { startTime: '2025-05-01', endTime: '2025-05-02' };
    expect((await w.staff.api<Counts>(getProjectAuditNum, range)).objectResult).toEqual([
      { time: '2025-05-01', num: 0 },
      { time: '2025-05-02', num: 1 },
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
