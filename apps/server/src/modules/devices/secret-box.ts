import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Device secrets at rest (docs/SECURITY.md, "Device secrets"): the server needs the secret itself to
 * check a device's sign-in HMAC, so it is encrypted, not hashed: AES-256-GCM under DEVICE_SECRET_KEY,
 * packed as iv (12 bytes) || tag (16 bytes) || ciphertext in devices.secret_box.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DEVICE_SECRET_KEY_BYTES = 32;

export interface SecretBox {
  seal(secret: string): Buffer;
  /** The secret sealed in `packed`; throws when the box was changed or sealed under another key. */
  open(packed: Uint8Array): string;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== DEVICE_SECRET_KEY_BYTES)
    throw new Error(`a device secret key has ${DEVICE_SECRET_KEY_BYTES} bytes, got ${key.length}`);
  return {
    seal(secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
    },
    open(packed) {
      const box = Buffer.from(packed);
      if (box.length < IV_BYTES + TAG_BYTES) throw new Error('device secret box too short');
      const decipher = createDecipheriv('aes-256-gcm', key, box.subarray(0, IV_BYTES));
      decipher.setAuthTag(box.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(box.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** A new device secret: 32 random bytes as 64 hex characters, shown once to whoever created or reset it. */
export const newDeviceSecret = (): string => randomBytes(32).toString('hex');
