/** Packet head: the two magic bytes every frame starts with. */
export const FRAME_HEAD = 0xaa55;
/** The protocol version this engine speaks (byte 2 of a frame). */
export const PROTOCOL_VERSION = 0x01;
/** Longest IoT code a frame may carry. */
export const MAX_DEVICE_CODE_LENGTH = 64;
/** Head (2) + version + function + sequence (2) + code length + one code byte + CRC (2). */
export const MIN_FRAME_LENGTH = 10;

/** Function codes (byte 3). */
export const FUNCTION_CODES = {
  report: 0x01,
  heartbeat: 0x02,
  readRequest: 0x03,
  setCommand: 0x10,
  setReply: 0x11,
  control: 0x20,
  controlReply: 0x21,
  otaNotify: 0x30,
  otaProgress: 0x31,
  otaCancel: 0x32,
} as const;

export type FrameFunction = keyof typeof FUNCTION_CODES;

const BY_CODE = new Map<number, FrameFunction>(Object.entries(FUNCTION_CODES).map(([k, v]) => [v, k as FrameFunction]));

/** The function named by a function code byte; undefined when unknown. */
export function functionOf(code: number): FrameFunction | undefined {
  return BY_CODE.get(code);
}

/** Status byte of a set reply, after Modbus exception codes. */
export const SET_STATUS = {
  accepted: 0x00,
  illegalAddress: 0x02,
  illegalValue: 0x03,
  deviceFailure: 0x04,
  busy: 0x06,
  locked: 0x0a,
} as const;

export type SetStatus = keyof typeof SET_STATUS;

/** Action byte of a control command (activate, lock, unlock): the console's device actions that are not point writes. */
export const CONTROL_ACTIONS = {
  activate: 0x01,
  lock: 0x02,
  unlock: 0x03,
} as const;

export type ControlAction = keyof typeof CONTROL_ACTIONS;

/** Printable ASCII without space: what an IoT code may contain. */
export function isDeviceCodeByte(b: number): boolean {
  return b >= 0x21 && b <= 0x7e;
}

/** Link state and signal strength a DTU sends in its heartbeat. */
export interface Heartbeat {
  /** Radio signal in dBm (e.g. -67); -128 when the DTU does not know. */
  rssi: number;
  /** Whether the DTU-mainboard (RS-485) link works. */
  mainboardLink: boolean;
}
