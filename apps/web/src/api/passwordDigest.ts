/** md5 hex of a password, as the wire expects it; the hash code loads when first needed, not with /login. */
export async function passwordDigest(password: string): Promise<string> {
  const { md5 } = await import('js-md5');
  return md5(password);
}
