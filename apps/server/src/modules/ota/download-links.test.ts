import { describe, expect, it } from 'vitest';
import { FirmwareLinks } from './download-links.ts';

const SECRET = Buffer.alloc(32, 7);
const partsOf = (path: string) => {
  const match = /^\/ota\/firmware\/(\d+)\/(\d+)\?expires=(\d+)&sig=([\w-]+)$/.exec(path);
  if (!match) throw new Error(`not a link: ${path}`);
  return { firmwareId: match[1]!, jobId: match[2]!, expires: match[3]!, sig: match[4]! };
};

describe('firmware download links', () => {
  it('accepts its own link until it expires, then refuses it', () => {
    let now = 1_700_000_000_000;
    const links = new FirmwareLinks(SECRET, 900, () => now);
    const p = partsOf(links.path('12', '34'));
    expect(links.check(p.firmwareId, p.jobId, p.expires, p.sig)).toBe(true);
    now += 901_000;
    expect(links.check(p.firmwareId, p.jobId, p.expires, p.sig)).toBe(false);
  });

  it('refuses a link moved to another firmware or job, a later expiry, a forged signature or another key', () => {
    const links = new FirmwareLinks(SECRET, 900);
    const p = partsOf(links.path('12', '34'));
    expect(links.check('13', p.jobId, p.expires, p.sig)).toBe(false);
    expect(links.check(p.firmwareId, '35', p.expires, p.sig)).toBe(false);
    expect(links.check(p.firmwareId, p.jobId, String(Number(p.expires) + 1), p.sig)).toBe(false);
    expect(links.check(p.firmwareId, p.jobId, p.expires, 'A'.repeat(p.sig.length))).toBe(false);
    expect(links.check(p.firmwareId, p.jobId, p.expires, undefined)).toBe(false);
    expect(new FirmwareLinks(Buffer.alloc(32, 8), 900).check(p.firmwareId, p.jobId, p.expires, p.sig)).toBe(false);
  });
});
