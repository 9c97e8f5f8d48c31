import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { ErrorCode } from '@dcc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { describeFirmwareStore, type FirmwareStoreConfig } from '../../firmware-store-config.ts';
import { AppError } from '../../http/app-error.ts';
import type { ByteSpan, FirmwareStore } from './firmware-store.ts';

type S3Config = Extract<FirmwareStoreConfig, { kind: 's3' }>;

/** What the store answers for a key it does not have (GetObject, HeadObject). */
const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** The store's answer in a few words for logs and start errors (status and code; never the request's signature). */
function answerOf(error: unknown): string {
  if (error instanceof S3ServiceException)
    return `HTTP ${error.$metadata.httpStatusCode ?? '?'} ${error.name === 'Unknown' ? '' : error.name}`.trim();
  return (error as Error).message;
}

/**
 * Firmware files as objects `{keyPrefix}{firmwareId}` of an S3-compatible bucket, reached with the server's own
 * credentials: devices never see the bucket, they download through the server's signed links (download-route.ts).
 */
export class S3FirmwareStore implements FirmwareStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(
    private readonly config: S3Config,
    private readonly log: FastifyBaseLogger,
  ) {
    this.client = new S3Client({
      endpoint: config.endpoint ?? undefined,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's default trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000 },
      maxAttempts: 2,
    });
  }

  private key(firmwareId: string): string {
    return `${this.config.keyPrefix}${firmwareId}`;
  }

  /** OTA_FIRMWARE_STORE_UNAVAILABLE, with the store's answer in the log for the operator. */
  private unavailable(error: unknown, action: string, firmwareId: string): AppError {
    this.log.error(
      { store: describeFirmwareStore(this.config), firmwareId, answer: answerOf(error) },
      `firmware store: ${action} failed`,
    );
    return new AppError(ErrorCode.OTA_FIRMWARE_STORE_UNAVAILABLE);
  }

  /** Refuses the start when the bucket cannot be reached with these credentials, naming the store and its answer. */
  async verify(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (error) {
      throw new Error(
        `the S3 firmware store (${describeFirmwareStore(this.config)}) cannot be used: ${answerOf(error)}. ` +
          'Check S3_ENDPOINT, S3_BUCKET (it must exist), S3_REGION, S3_FORCE_PATH_STYLE and the access key',
        { cause: error },
      );
    }
  }

  async put(firmwareId: string, bytes: Buffer): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: this.key(firmwareId),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: 'application/octet-stream',
        }),
      );
    } catch (error) {
      throw this.unavailable(error, 'put', firmwareId);
    }
  }

  async read(firmwareId: string, span?: ByteSpan): Promise<Buffer | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.config.bucket,
          Key: this.key(firmwareId),
          Range: span ? `bytes=${span.start}-${span.end}` : undefined,
        }),
      );
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw this.unavailable(error, 'read', firmwareId);
    }
  }

  async delete(firmwareId: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(firmwareId) }));
    } catch (error) {
      if (!isMissing(error)) throw this.unavailable(error, 'delete', firmwareId);
    }
  }

  async exists(firmwareId: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.key(firmwareId) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw this.unavailable(error, 'look-up', firmwareId);
    }
  }

  close(): void {
    this.client.destroy();
  }
}
