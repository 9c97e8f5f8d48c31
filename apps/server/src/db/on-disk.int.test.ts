import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { addNotice, listNotices } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs } from '../../test/harness.ts';
import { buildApp, type BuiltApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { DemoPhone } from './seed/demo.ts';
import { migrate } from './migrate.ts';

const quiet = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/** The server as `npm start` builds it: PGlite in a data folder on disk (DATA_DIR), demo data on. */
function buildOnDisk(dataDir: string): Promise<BuiltApp> {
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', MQTT_PORT: 'off' }),
    checkResponses: true,
  };
  return buildApp({ config, logStream: quiet() });
}

/**
 * Item 16 of issue 8: the on-disk PGlite of `npm start` keeps what was written across a restart,
 * and reopening migrates and seeds nothing twice. PGlite only: DATABASE_URL replaces it.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('the on-disk PGlite database of npm start', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dcc-on-disk-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps a notice and a session across a restart, and reopening applies no migration again', async () => {
    const first = await buildOnDisk(dataDir);
    let sessionid: string;
    let dealersId: string;
    try {
      sessionid = await loginAs(first.app, DemoPhone.OPERATOR);
      dealersId = (
        await first.database.db
          .selectFrom('dealers')
          .select('id')
          .where('code', '=', 'AURORA')
          .executeTakeFirstOrThrow()
      ).id;
      const added = await call(
        first.app,
        addNotice,
        { noticeTitle: 'KeptAcrossRestart', noticeBody: 'Written before the restart' },
        { sessionid, dealersId },
      );
      expect(added.body.error_code).toBe(0);
    } finally {
      await first.app.close();
    }
    expect((await fs.readdir(path.join(dataDir, 'pglite'))).length).toBeGreaterThan(0);

    const second = await buildOnDisk(dataDir);
    try {
      expect(await migrate(second.database)).toEqual([]);
      const listed = await call<{ list: Array<{ noticeTitle: string }> }>(
        second.app,
        listNotices,
        { noticeTitle: 'Kept' },
        { sessionid, dealersId },
      );
      expect(listed.body.error_code).toBe(0);
      expect(listed.body.objectResult!.list.map((notice) => notice.noticeTitle)).toEqual(['KeptAcrossRestart']);
      // The demo data is seeded once: reopening did not add a second operator company.
      expect(
        await second.database.db.selectFrom('dealers').select('id').where('code', '=', 'AURORA').execute(),
      ).toHaveLength(1);
    } finally {
      await second.app.close();
    }
  }, 240_000);
});
