import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/device-link.ts';
import { createOta2Task, ota2Detail, useOtaEnv } from '../../../test/ota-env.ts';
import { otaFleet } from '../../../test/ota-fleet.ts';
import { newFirmware } from '../../../test/ota-setup.ts';
import { startS3Server, type S3Server } from '../../../test/s3-server.ts';

/**
 * Whole upgrades of simulated DTUs with the firmware in an S3-compatible store (s3rver, started here): the devices
 * download through the server's signed links as ever, the server reads the object from the bucket.
 */
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
const env = useOtaEnv(undefined, () => s3.env);
afterAll(async () => s3?.stop());

const WAIT_MS = 60_000;
const fleet = (behaviours: Parameters<typeof otaFleet>[2]) =>
  otaFleet(env.t, { url: env.url, dealerId: env.world.A1, dtus: env.dtus }, behaviours);

const finished = async (taskId: string) => {
  await waitFor(
    'the task finished',
    async () => (await ota2Detail(env, taskId)).task.state === 'finished',
    WAIT_MS,
    async () => JSON.stringify((await ota2Detail(env, taskId)).devices.list.map((d) => d.state)),
  );
  return ota2Detail(env, taskId);
};

describe('firmware upgrades from an S3 store', () => {
  it(
    'upgrades devices, one resuming after a dropped transfer, with the file read from the bucket',
    async () => {
      const devices = await fleet(['dropOnce', 'normal', 'normal']);
      const fw = await newFirmware(env.t, env.world, { version: '1.1.0', size: 150 * 1024 });
      expect((await s3.object(`firmware/${fw.firmwareId}`))?.equals(fw.bytes)).toBe(true);
      const task = await createOta2Task(env, { firmwareId: fw.firmwareId, deviceIds: devices.map((d) => d.id) });
      const detail = await finished(task.taskId);
      expect(detail.task.counts).toMatchObject({ total: 3, succeeded: 3, failed: 0 });
      expect(devices[0]!.dtu.ota.stats.resumes).toBe(1);
      expect(devices.map((d) => d.dtu.ota.version)).toEqual(['1.1.0', '1.1.0', '1.1.0']);
    },
    2 * WAIT_MS,
  );

  it(
    'fails the download, not the install, of a firmware whose object went missing',
    async () => {
      const [device] = await fleet(['normal']);
      const fw = await newFirmware(env.t, env.world, { version: '1.2.0', size: 20 * 1024 });
      await s3.deleteObject(`firmware/${fw.firmwareId}`);
      const task = await createOta2Task(env, { firmwareId: fw.firmwareId, deviceIds: [device!.id] });
      const detail = await finished(task.taskId);
      expect(detail.devices.list[0]).toMatchObject({ state: 'failed', paramStatus: 'downloadFailed' });
      expect(device!.dtu.ota.version).toBe('1.0.0');
    },
    2 * WAIT_MS,
  );
});
