import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where firmware files are served: `/ota/firmware/{firmwareId}/{jobId}?expires=..&sig=..`. */
export const FIRMWARE_DOWNLOAD_PREFIX = '/ota/firmware/';

const ID = /^\d{1,19}$/;

/**
 * Signs and checks the short-lived links under which a device downloads its firmware: the signature covers the
 * firmware, the job (the device's row of the task) and the expiry, so a link cannot be moved to another firmware,
 * another job or a later time.
 */
export class FirmwareLinks {
  constructor(
    private readonly secret: Buffer,
    private readonly ttlSeconds: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private signature(firmwareId: string, jobId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`ota\n${firmwareId}\n${jobId}\n${expires}`).digest('base64url');
  }

  /** The path and query of a link valid for the TTL from now. */
  path(firmwareId: string, jobId: string): string {
    const expires = Math.floor(this.now() / 1000) + this.ttlSeconds;
    return `${FIRMWARE_DOWNLOAD_PREFIX}${firmwareId}/${jobId}?expires=${expires}&sig=${this.signature(firmwareId, jobId, expires)}`;
  }

  /** Whether a link's parts are a link this server signed and not expired. */
  check(firmwareId: string, jobId: string, expiresText: unknown, sig: unknown): boolean {
    if (!ID.test(firmwareId) || !ID.test(jobId)) return false;
    if (typeof expiresText !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expiresText)) return false;
    const expires = Number(expiresText);
    const left = expires - Math.floor(this.now() / 1000);
    if (left <= 0 || left > this.ttlSeconds + 1) return false;
    const expected = Buffer.from(this.signature(firmwareId, jobId, expires));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
