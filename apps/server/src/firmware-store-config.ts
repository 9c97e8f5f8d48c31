/** Where firmware files are kept (modules/ota/firmware-store.ts): the database, or an S3-compatible bucket. */
export type FirmwareStoreConfig =
  | { kind: 'database' }
  | {
      kind: 's3';
      /** http(s) address of an S3-compatible service (MinIO, Ceph, OSS, COS...); null: AWS S3 of the region. */
      endpoint: string | null;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** Bucket in the path (`endpoint/bucket/key`) instead of the host name: what most self-hosted services need. */
      forcePathStyle: boolean;
      /** Put before the firmware id in each object's key, so that several platforms can share one bucket. */
      keyPrefix: string;
    };

export type FirmwareStoreKind = FirmwareStoreConfig['kind'];

const REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const OPTIONAL = ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_KEY_PREFIX'] as const;

/** S3 bucket naming rules (3-63 lowercase letters, digits, dots and dashes, starting and ending with a letter or digit). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const KEY_PREFIX = /^[A-Za-z0-9._/-]{0,200}$/;

function pathStyle(value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  const text = value.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got '${value}'`);
}

/**
 * The database unless an S3_* variable is set; then every required one must be, or the start is refused with
 * the names of those missing (a half-configured store would otherwise keep uploads where no other instance looks).
 */
export function loadFirmwareStoreConfig(env: NodeJS.ProcessEnv): FirmwareStoreConfig {
  const given = [...REQUIRED, ...OPTIONAL].filter((name) => (env[name] ?? '') !== '');
  if (given.length === 0) return { kind: 'database' };
  const missing = REQUIRED.filter((name) => (env[name] ?? '') === '');
  if (missing.length > 0)
    throw new Error(
      `The S3 firmware store is partly configured (${given.join(', ')} set): set ${missing.join(', ')} as well, or none of the S3_* variables to keep firmware in the database`,
    );
  const endpoint = env.S3_ENDPOINT ?? '';
  if (endpoint !== '' && !/^https?:\/\/[^\s/?#]+\/?$/.test(endpoint))
    throw new Error(`S3_ENDPOINT must be an http(s) address such as http://minio:9000, got '${endpoint}'`);
  const bucket = env.S3_BUCKET!;
  if (!BUCKET.test(bucket)) throw new Error(`S3_BUCKET must be an S3 bucket name, got '${bucket}'`);
  const keyPrefix = env.S3_KEY_PREFIX ?? 'firmware/';
  if (!KEY_PREFIX.test(keyPrefix) || keyPrefix.startsWith('/'))
    throw new Error(`S3_KEY_PREFIX may hold letters, digits, '.', '_', '-' and '/' (not first), got '${keyPrefix}'`);
  return {
    kind: 's3',
    endpoint: endpoint === '' ? null : endpoint.replace(/\/$/, ''),
    bucket,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: pathStyle(env.S3_FORCE_PATH_STYLE),
    keyPrefix,
  };
}

/** Where the store is, for log lines and start errors: never the credentials. */
export const describeFirmwareStore = (config: FirmwareStoreConfig): string =>
  config.kind === 'database'
    ? 'the database'
    : `S3 bucket '${config.bucket}' at ${config.endpoint ?? `AWS ${config.region}`}`;
