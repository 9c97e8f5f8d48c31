import { ERROR_MESSAGE_KEYS, ErrorCode } from '../../errors.ts';

/** Why a device takes no set command now; the server refuses with that code, the console disables its set controls with its message. */
export type SetBlock = typeof ErrorCode.DEVICE_LOCKED | typeof ErrorCode.DEVICE_OFFLINE;

/**
 * Spec section 4: locked devices cannot be controlled, and commands need the device online (its MQTT
 * connection up). Locked is told first: unlocking needs a project audit, connecting only the device.
 */
export function setBlockedBy(device: { locked: boolean; connected: boolean }): SetBlock | null {
  if (device.locked) return ErrorCode.DEVICE_LOCKED;
  if (!device.connected) return ErrorCode.DEVICE_OFFLINE;
  return null;
}

/** The message key of a block (the spec's section 8 messages), for the console to show beside the disabled control. */
export const setBlockMessageKey = (block: SetBlock): string => ERROR_MESSAGE_KEYS[block];
