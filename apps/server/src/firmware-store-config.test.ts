import { describe, expect, it } from 'vitest';
import { describeFirmwareStore, loadFirmwareStoreConfig } from './firmware-store-config.ts';

const S3 = {
  S3_BUCKET: 'dcc-firmware',
  S3_REGION: 'cn-east-1',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret-example',
};

describe('firmware store config', () => {
  it('keeps firmware in the database when no S3_* variable is set', () => {
    expect(loadFirmwareStoreConfig({})).toEqual({ kind: 'database' });
    expect(loadFirmwareStoreConfig({ S3_ENDPOINT: '', S3_BUCKET: '' })).toEqual({ kind: 'database' });
  });

  it('reads an S3 store: endpoint without its trailing slash, path style, the default key prefix', () => {
    expect(loadFirmwareStoreConfig({ ...S3, S3_ENDPOINT: 'http://minio:9000/', S3_FORCE_PATH_STYLE: 'true' })).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'dcc-firmware',
      region: 'cn-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: true,
      keyPrefix: 'firmware/',
    });
    expect(loadFirmwareStoreConfig({ ...S3, S3_KEY_PREFIX: 'prod/fw/' })).toMatchObject({
      endpoint: null,
      forcePathStyle: false,
      keyPrefix: 'prod/fw/',
    });
  });

  it('refuses a partial configuration, naming what is missing', () => {
    expect(() => loadFirmwareStoreConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /partly configured \(S3_ENDPOINT set\): set S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    const { S3_SECRET_ACCESS_KEY: _, ...noSecret } = S3;
    expect(() => loadFirmwareStoreConfig(noSecret)).toThrow(/set S3_SECRET_ACCESS_KEY as well/);
  });

  it('refuses malformed values', () => {
    expect(() => loadFirmwareStoreConfig({ ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadFirmwareStoreConfig({ ...S3, S3_ENDPOINT: 'http://minio:9000/path' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadFirmwareStoreConfig({ ...S3, S3_BUCKET: 'Firmware_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadFirmwareStoreConfig({ ...S3, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadFirmwareStoreConfig({ ...S3, S3_KEY_PREFIX: '/firmware' })).toThrow(/S3_KEY_PREFIX/);
    expect(() => loadFirmwareStoreConfig({ ...S3, S3_KEY_PREFIX: 'a b' })).toThrow(/S3_KEY_PREFIX/);
  });

  it('describes the store without its credentials', () => {
    const text = describeFirmwareStore(loadFirmwareStoreConfig(S3));
    expect(text).toBe("S3 bucket 'dcc-firmware' at AWS cn-east-1");
    expect(text).not.toMatch(/AKIAEXAMPLE|secret-example/);
  });
});
