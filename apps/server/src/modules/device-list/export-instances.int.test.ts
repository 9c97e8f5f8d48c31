import * as XLSX from '@e965/xlsx';
import { Button, ErrorCode, getDeviceExport, startDeviceExport } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { newDealerTree, newDevice, newMember, newProduct, newUser } from '../../../test/factories.ts';
import { call, loginAs, type TestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/until.ts';
import { createSharedDatabase, startInstance, type SharedDatabase } from '../../../test/shared-database.ts';
import { secretBox } from '../devices/secret-box.ts';

/**
 * Export jobs live in the database: a job started on one instance is followed and downloaded (once) on
 * another sharing the database; expired jobs are removed. PostgreSQL only: PGlite cannot be shared.
 */
describe.skipIf(!process.env.DATABASE_URL)('device export across two instances (PostgreSQL only)', () => {
  const env = {} as {
    shared: SharedDatabase;
    a: TestApp;
    b: TestApp;
    caller: { sessionid: string; dealersId: string };
    product: string;
    codes: string[];
  };
  const box = secretBox(loadConfig({}).deviceSecretKey);
  const filter = () => ({ combinator: 'and', conditions: [{ field: 'productId', symbol: '=', value: env.product }] });
  const jobs = () => env.a.db.selectFrom('device_export_jobs').select(['id', 'state']).execute();
  const parts = () => env.a.db.selectFrom('device_export_parts').select('job_id').execute();

  beforeAll(async () => {
    env.shared = await createSharedDatabase(process.env.DATABASE_URL!);
    env.a = await startInstance(env.shared);
    env.b = await startInstance(env.shared);
    const db = env.a.db;
    const { A, A1 } = await newDealerTree(db);
    env.product = await newProduct(db);
    const ids = [];
    for (let k = 0; k < 5; k++) ids.push(await newDevice(db, k % 2 ? A : A1, box, env.product));
    env.codes = (
      await db
        .selectFrom('devices')
        .select('device_code')
        .where('id', 'in', ids)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => row.device_code);
    const user = await newUser(db);
    await newMember(db, A, user.id, [Button.DEVICES]);
    env.caller = { sessionid: await loginAs(env.a.app, user.phone), dealersId: A };
  });
  afterAll(async () => {
    await env.a?.close();
    await env.b?.close();
    await env.shared?.dispose();
  });

  it('starts on one instance, shows progress and downloads once on the other, then leaves nothing behind', async () => {
    const started = await call<{ jobId: string; totalRows: number }>(
      env.a.app,
      startDeviceExport,
      { filter: filter(), sortOrder: 'ascend' },
      env.caller,
    );
    expect(started.body.objectResult!.totalRows).toBe(5);
    const { jobId } = started.body.objectResult!;
    let progress: { state: string; writtenRows: number; filePath: string | null } | undefined;
    await waitFor(
      'the export to end',
      async () => {
        progress = (await call<NonNullable<typeof progress>>(env.b.app, getDeviceExport, { jobId }, env.caller)).body
          .objectResult!;
        return progress.state !== 'running';
      },
      10_000,
    );
    expect(progress).toMatchObject({ state: 'done', writtenRows: 5, totalRows: 5 });

    const file = await env.b.app.inject({ method: 'GET', url: progress!.filePath! });
    expect(file.statusCode).toBe(200);
    expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(file.rawPayload, { type: 'buffer' }).Sheets['Devices']!, {
      header: 1,
      defval: '',
    });
    expect(rows.slice(1).map((row) => row[0])).toEqual(env.codes);

    const again = await env.a.app.inject({ method: 'GET', url: progress!.filePath! });
    expect(again.json()).toMatchObject({ error_code: ErrorCode.NOT_FOUND });
    expect((await call(env.a.app, getDeviceExport, { jobId }, env.caller)).body.error_code).toBe(ErrorCode.NOT_FOUND);
    expect(await jobs()).toEqual([]);
    expect(await parts()).toEqual([]);
  });

  it('answers an expired job like a missing one and removes it when the next job starts', async () => {
    const { jobId } = (await call<{ jobId: string }>(env.a.app, startDeviceExport, { filter: filter() }, env.caller))
      .body.objectResult!;
    await waitFor('no export job running', async () => !(await jobs()).some((job) => job.state === 'running'), 10_000);
    const [expired] = await jobs();
    expect(expired!.state).toBe('done');
    expect((await parts()).length).toBeGreaterThan(0);
    await env.a.db
      .updateTable('device_export_jobs')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await call(env.b.app, getDeviceExport, { jobId }, env.caller)).body.error_code).toBe(ErrorCode.NOT_FOUND);
    expect(
      (await env.b.app.inject({ method: 'GET', url: `/cloudservice/api/device/export/file?job=${jobId}` })).json(),
    ).toMatchObject({ error_code: ErrorCode.NOT_FOUND });

    await call(env.b.app, startDeviceExport, { filter: filter() }, env.caller);
    expect((await jobs()).map((job) => job.id)).not.toContain(expired!.id);
    expect((await parts()).filter((part) => part.job_id === expired!.id)).toEqual([]);
  });

  it('shows a running job whose writer stopped (its instance gone) as failed', async () => {
    const { jobId } = (await call<{ jobId: string }>(env.a.app, startDeviceExport, { filter: filter() }, env.caller))
      .body.objectResult!;
    await waitFor('no export job running', async () => !(await jobs()).some((job) => job.state === 'running'), 10_000);
    await env.a.db
      .updateTable('device_export_jobs')
      .set({ state: 'running', updated_at: new Date(Date.now() - 120_000) })
      .execute();
    expect(
      (await call<{ state: string }>(env.b.app, getDeviceExport, { jobId }, env.caller)).body.objectResult!.state,
    ).toBe('failed');
  });
});
