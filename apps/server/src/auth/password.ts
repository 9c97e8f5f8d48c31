import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';

const KEY_LENGTH = 32;
const COST: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function scryptAsync(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** md5 hex of a password: what the console sends on the wire. */
export const md5Hex = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * Slow salted hash of the password digest received on the wire. The format carries its
 * parameters so that the cost can be raised later without breaking stored hashes.
 */
export async function hashPasswordDigest(digest: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(digest.toLowerCase(), salt, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * Every password check the server runs, with its scrypt cost ("N$r$p"): what makes a sign-in's time, observable
 * (the sign-in tests show an unknown account costs the same check as a wrong password).
 */
export const passwordChecks = channel('dcc:password-check');

/** Whether a password digest matches a stored hash (constant-time compare). */
export async function verifyPasswordDigest(digest: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  if (passwordChecks.hasSubscribers) passwordChecks.publish({ cost: `${n}$${r}$${p}` });
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(digest.toLowerCase(), Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: COST.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as checking a real password (same scrypt cost) and answers false: used for
 * names without an account, so that the answer's timing does not tell whether the account exists.
 */
export async function verifyAgainstDummy(digest: string): Promise<false> {
  dummyHash ??= hashPasswordDigest(randomBytes(16).toString('hex'));
  await verifyPasswordDigest(digest, await dummyHash);
  return false;
}

/** sha256 hex, for storing tokens, access keys and codes without keeping them readable. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A random url-safe token (session tokens, access keys). */
export const newToken = (): string => randomBytes(32).toString('base64url');
