export { crc16Modbus } from './crc16.ts';
export { toHex, fromHex, hex16 } from './hex.ts';
export { compileFormula, MAX_FORMULA_LENGTH } from './formula/index.ts';
export type { Formula, FormulaError, FormulaErrorCode, EvalResult, ValueLookup } from './formula/index.ts';
export { BUILTIN_DATA_TYPES, compileDataType, sortDataTypes, toSigned, toUnsignedRaw } from './data-type.ts';
export type { DataType, ByteLength, CompiledDataType } from './data-type.ts';
export { parseValueRange, checkRange } from './value-range.ts';
export type { ValueRange, RangeBound, RangeCheck, RangeSyntaxError } from './value-range.ts';
export type { PointDef, PointMode, EnumItem, BinaryItem, FaultDefinition, FaultLevel } from './points.ts';
export type { TableError, TableErrorCode } from './table-error.ts';
export { compileTable } from './compile-table.ts';
export type { CompiledTable, CompiledPoint, CompileTableResult } from './compile-table.ts';
export {
  FRAME_HEAD,
  PROTOCOL_VERSION,
  FUNCTION_CODES,
  SET_STATUS,
  CONTROL_ACTIONS,
  MAX_DEVICE_CODE_LENGTH,
  MIN_FRAME_LENGTH,
} from './frame.ts';
export type { FrameFunction, SetStatus, ControlAction, Heartbeat } from './frame.ts';
export { decodeFrame, decodeFrameValues } from './decode.ts';
export type {
  DecodeResult,
  DecodeValuesResult,
  DecodedFrame,
  DecodedFrameValues,
  StoredPoint,
  DecodedPoint,
  DecodedBit,
  DecodedFault,
  FrameError,
  FrameErrorCode,
  DecodeOptions,
} from './decode.ts';
export {
  encodeSetCommand,
  encodeReport,
  encodeSetReply,
  encodeReadRequest,
  encodeHeartbeat,
  encodeControl,
  encodeControlReply,
} from './encode.ts';
export {
  encodeOtaNotify,
  encodeOtaProgress,
  encodeOtaCancel,
  OTA_MAX_URL_LENGTH,
  OTA_MAX_VERSION_LENGTH,
} from './ota.ts';
export type { OtaNotify, OtaProgress } from './ota.ts';
export type { PointValue, EncodeResult, EncodeError, EncodeErrorCode, EncodeOptions } from './encode.ts';
export {
  ALINK_VERSION,
  buildPropertyPost,
  buildEventPost,
  buildServiceCall,
  buildReply,
  parseAlinkRequest,
  parseAlinkReply,
  alinkTopic,
} from './alink.ts';
export type {
  AlinkRequest,
  AlinkReply,
  AlinkMessage,
  AlinkError,
  AlinkErrorCode,
  AlinkValue,
  AlinkParams,
  TimedValue,
} from './alink.ts';
export { deviceLogRows, formatPointValue, describePoint } from './device-log.ts';
export type { DeviceLogRow } from './device-log.ts';
export { DEMO_HEAT_PUMP_POINTS, DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable } from './demo-table.ts';
export {
  DEVICE_CODE_PATTERN,
  sharedGroups,
  sharedSubscription,
  isDeviceCode,
  deviceTopic,
  parseDeviceTopic,
  deviceMayPublish,
  deviceMaySubscribe,
} from './device/topics.ts';
export type { DeviceChannel } from './device/topics.ts';
export {
  ALINK_DEVICE_CODE_FIELD,
  payloadDeviceCode,
  gatewayChildStatus,
  parseGatewayChildStatus,
} from './device/gateway.ts';
export type { GatewayChildEvent } from './device/gateway.ts';
