import { createHmac, timingSafeEqual } from 'node:crypto';

/** Matches what the upload call issues: `/uploads/<uuid>.<png|jpg>`. */
const ISSUED_URL = /^\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg)$/;

/** The upload id and extension of an issued URL, or null for anything else (traversal, other paths). */
export function parseUploadUrl(url: string): { id: string; extension: string } | null {
  const match = ISSUED_URL.exec(url);
  return match ? { id: match[1]!, extension: match[2]! } : null;
}

/** Signs and checks the short-lived links under which uploads are served. */
export class UploadLinks {
  constructor(
    private readonly secret: Buffer,
    private readonly ttlSeconds: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private signature(name: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${name}\n${expires}`).digest('base64url');
  }

  /**
   * A link to `/uploads/<name>` valid for between half the TTL and the TTL: the expiry is rounded
   * so that the same image gets the same link for a while (the browser's cache can keep it).
   */
  link(url: string): string {
    const half = Math.max(1, Math.floor(this.ttlSeconds / 2));
    const expires = (Math.floor(this.now() / 1000 / half) + 2) * half;
    const name = url.slice('/uploads/'.length);
    return `${url}?expires=${expires}&sig=${this.signature(name, expires)}`;
  }

  /** Seconds the link stays valid, or null when it is forged, altered or expired. */
  check(name: string, expiresText: unknown, sig: unknown): number | null {
    if (typeof expiresText !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expiresText)) return null;
    const expires = Number(expiresText);
    const left = expires - Math.floor(this.now() / 1000);
    if (left <= 0 || left > this.ttlSeconds + 1) return null;
    const expected = Buffer.from(this.signature(name, expires));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected) ? left : null;
  }
}
