const loadMd5 = () => import('js-md5');

/** md5 hex of a password, as the wire expects it; the hash code loads when first needed, not with /login. */
export async function passwordDigest(password: string): Promise<string> {
  const { md5 } = await loadMd5();
  return md5(password);
}

/** Fetches the hash code while a password is typed, so that signing in does not wait for it. */
export function preloadPasswordDigest(): void {
  void loadMd5().catch(() => undefined);
}
