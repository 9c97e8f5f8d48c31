import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, newDemoDevice, presenceOf, startLinkApp, waitFor } from '../../../test/device-link.ts';
import { createScratchDatabase } from '../../../test/test-database.ts';
import { openDatabase, type Database } from '../../db/database.ts';

/** One database under two server starts, as a restart sees it. */
const env = {} as { database: Database; drop?: () => Promise<void> };

beforeAll(async () => {
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  env.database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolSize: 4 });
  env.drop = scratch?.drop;
});
afterAll(async () => {
  await env.database.close();
  await env.drop?.();
});

describe('a server restart on the embedded broker', () => {
  it('marks offline 1911 a device that does not reconnect within the grace period; one that reconnects is online', async () => {
    const before = await startLinkApp({ restartGraceMs: 60_000 }, { database: env.database });
    const gone = await newDemoDevice(before);
    const back = await newDemoDevice(before);
    const clients = [await connectDevice(before, gone), await connectDevice(before, back)];
    await waitFor(
      'both online',
      async () => (await presenceOf(before, gone.id)).connected && (await presenceOf(before, back.id)).connected,
    );
    await before.close();
    // The stop records nothing: the next start decides.
    expect(await presenceOf(before, gone.id)).toMatchObject({ status: 'ONLINE', connected: true });
    for (const client of clients) client.end(true);

    const after = await startLinkApp({ restartGraceMs: 1500 }, { database: env.database });
    try {
      const again = await connectDevice(after, back);
      await waitFor(
        'the device that came back recorded online',
        async () =>
          (await presenceOf(after, back.id)).connection_id !== null &&
          (await after.db.selectFrom('device_status_events').select('id').where('device_id', '=', back.id).execute())
            .length === 2,
      );
      expect(await after.deviceSide.reconciled).toBe(1);
      expect(await presenceOf(after, gone.id)).toMatchObject({
        status: 'OFFLINE',
        connected: false,
        offline_code: 1911,
      });
      expect(await presenceOf(after, back.id)).toMatchObject({ status: 'ONLINE', connected: true, offline_code: null });
      await again.endAsync();
    } finally {
      await after.close();
    }
  });
});
