import { describe, expect, it } from 'vitest';
import { parseUploadUrl, UploadLinks } from './links.ts';

const ID = '3f2b8c1e-5a4d-4e6f-9a7b-0c1d2e3f4a5b';

describe('parseUploadUrl', () => {
  it('takes only what the upload call issues', () => {
    expect(parseUploadUrl(`/uploads/${ID}.png`)).toEqual({ id: ID, extension: 'png' });
    for (const url of [
      `/uploads/${ID}.gif`,
      `/uploads/../${ID}.png`,
      `/uploads/${ID}.png?x=1`,
      '/uploads/a.png',
      `/static/${ID}.png`,
      `/uploads/${ID.toUpperCase()}.png`,
    ]) {
      expect(parseUploadUrl(url)).toBeNull();
    }
  });
});

describe('UploadLinks', () => {
  let now = 1_800_000_000_000;
  const links = new UploadLinks(Buffer.alloc(32, 7), 600, () => now);
  const url = `/uploads/${ID}.png`;
  const partsOf = (link: string) =>
    Object.fromEntries(new URL(link, 'http://x').searchParams) as { expires: string; sig: string };

  it('signs a link valid between half the TTL and the TTL, the same within a window', () => {
    const link = links.link(url);
    const { expires, sig } = partsOf(link);
    const left = links.check(`${ID}.png`, expires, sig)!;
    expect(left).toBeGreaterThan(300);
    expect(left).toBeLessThanOrEqual(600);
    now += 1000;
    expect(links.link(url)).toBe(link);
  });

  it('refuses another name, another key, an altered expiry and an expired link', () => {
    const { expires, sig } = partsOf(links.link(url));
    expect(links.check(`${ID}.jpg`, expires, sig)).toBeNull();
    expect(new UploadLinks(Buffer.alloc(32, 8), 600, () => now).check(`${ID}.png`, expires, sig)).toBeNull();
    expect(links.check(`${ID}.png`, String(Number(expires) + 1), sig)).toBeNull();
    expect(links.check(`${ID}.png`, expires, undefined)).toBeNull();
    now += 601_000;
    expect(links.check(`${ID}.png`, expires, sig)).toBeNull();
  });
});
