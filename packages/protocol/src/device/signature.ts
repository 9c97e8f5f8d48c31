import { createHmac, timingSafeEqual } from 'node:crypto';
import { isDeviceCode } from './topics.ts';

/**
 * Device sign-in without sending the secret (docs/device-protocol.md section 13):
 * client id = IoT code, username = `{code}&{timestamp ms}`, password = hex HMAC-SHA256 of the
 * username keyed with the device secret. The timestamp bounds how long a captured password works.
 */
export interface DeviceCredentials {
  clientId: string;
  username: string;
  password: string;
}

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export function signDeviceLogin(deviceCode: string, deviceSecret: string, timestampMs: number): DeviceCredentials {
  const username = `${deviceCode}&${timestampMs}`;
  return { clientId: deviceCode, username, password: hmacHex(deviceSecret, username) };
}

/** Offline reason codes of spec section 8 that a refused sign-in produces. */
export const SignInRefusal = {
  /** 401 no permission (signature): the credentials are not in the signed form at all. */
  MALFORMED: 401,
  /** 2043 invalid token: a well-formed signature whose timestamp is outside the accepted window. */
  EXPIRED: 2043,
  /** 6100 device does not exist. */
  UNKNOWN_DEVICE: 6100,
  /** 6287 signature error: the HMAC does not match the device's secret. */
  BAD_SIGNATURE: 6287,
} as const;
export type SignInRefusalCode = (typeof SignInRefusal)[keyof typeof SignInRefusal];

export type SignInCheck = { ok: true; deviceCode: string } | { ok: false; code: SignInRefusalCode };

export interface SignInCheckOptions {
  /** The device's secret, or null when no such device exists (or it may not sign in). */
  secretOf: (deviceCode: string) => Promise<string | null> | string | null;
  nowMs: number;
  /** How far the signed timestamp may be from now, either way. */
  windowMs: number;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;
const UNKNOWN_DEVICE_SECRET = 'no device has this IoT code';

export async function checkDeviceLogin(
  credentials: Partial<DeviceCredentials>,
  options: SignInCheckOptions,
): Promise<SignInCheck> {
  const { clientId = '', username = '', password = '' } = credentials;
  const [code, stamp, ...rest] = username.split('&');
  const timestampMs = Number(stamp);
  const wellFormed =
    isDeviceCode(clientId) &&
    code === clientId &&
    rest.length === 0 &&
    /^\d{1,16}$/.test(stamp ?? '') &&
    HEX_SHA256.test(password);
  if (!wellFormed) return { ok: false, code: SignInRefusal.MALFORMED };
  const secret = await options.secretOf(clientId);
  // An unknown device costs the same HMAC as a known one: its answer must not stand out, in time either.
  const expected = Buffer.from(hmacHex(secret ?? UNKNOWN_DEVICE_SECRET, username), 'hex');
  const matches = timingSafeEqual(expected, Buffer.from(password, 'hex'));
  if (secret === null) return { ok: false, code: SignInRefusal.UNKNOWN_DEVICE };
  if (!matches) return { ok: false, code: SignInRefusal.BAD_SIGNATURE };
  if (Math.abs(options.nowMs - timestampMs) > options.windowMs) return { ok: false, code: SignInRefusal.EXPIRED };
  return { ok: true, deviceCode: clientId };
}
