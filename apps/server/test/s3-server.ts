import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { loadFirmwareStoreConfig, type FirmwareStoreConfig } from '../src/firmware-store-config.ts';

/** The access key s3rver accepts (it checks request signatures against it). */
const KEY = 'S3RVER';

/** A real S3-compatible server (s3rver) of the test's own: on a free loopback port, its bucket in a temporary folder. */
export interface S3Server {
  /** The S3_* variables of a server using it. */
  env: Record<string, string>;
  /** The firmware store configuration those variables give. */
  config: FirmwareStoreConfig;
  bucket: string;
  /** An object's bytes as the S3 API answers them, or undefined when the bucket has no such key. */
  object(key: string): Promise<Buffer | undefined>;
  deleteObject(key: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'firmware-test'): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: KEY,
    S3_SECRET_ACCESS_KEY: KEY,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  return {
    env,
    config: loadFirmwareStoreConfig(env),
    bucket,
    async object(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async deleteObject(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
