import { randomBytes } from 'node:crypto';

const KEY_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const KEY_LENGTH = 10;

/** A fresh product key: 'pk' and 10 random base-36 characters (about 51 bits). */
export function newProductKey(): string {
  // 252 is the largest multiple of 36 below 256: bytes at or above it are skipped, so every character is equally likely.
  let key = 'pk';
  while (key.length < KEY_LENGTH + 2) {
    for (const byte of randomBytes(KEY_LENGTH * 2)) {
      if (byte < 252 && key.length < KEY_LENGTH + 2) key += KEY_ALPHABET[byte % 36];
    }
  }
  return key;
}
