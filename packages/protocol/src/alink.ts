import { attempt, Refusal } from './refusal.ts';

/** Alink protocol version of every message we build. */
export const ALINK_VERSION = '1.0';

export type AlinkValue = number | string | boolean | null | AlinkValue[] | { [key: string]: AlinkValue };
export type AlinkParams = Record<string, AlinkValue>;

/** A request as it travels (property post, event post, service call). */
export interface AlinkRequest {
  id: string;
  version: string;
  method: string;
  params: AlinkParams;
  sys?: { ack: 0 | 1 };
}

/** A reply to a request: code 200 is success. */
export interface AlinkReply {
  id: string;
  code: number;
  data: AlinkParams;
  message?: string;
  method?: string;
  version?: string;
}

export interface TimedValue {
  value: AlinkValue;
  time?: number;
}

/** A request understood: which kind, and its identifier and values. */
export type AlinkMessage =
  | {
      kind: 'propertyPost';
      id: string;
      version: string;
      method: string;
      properties: Record<string, TimedValue>;
      ack: boolean;
    }
  | { kind: 'eventPost'; id: string; version: string; method: string; event: string; value: AlinkParams; time?: number }
  | { kind: 'serviceCall'; id: string; version: string; method: string; service: string; params: AlinkParams };

export type AlinkErrorCode =
  | 'alink.badJson'
  | 'alink.notObject'
  | 'alink.badId'
  | 'alink.badVersion'
  | 'alink.badMethod'
  | 'alink.badParams'
  | 'alink.badIdentifier'
  | 'alink.badTime'
  | 'alink.badCode';

/** Why a message was refused, and where in it (a dotted path such as `params.temp.time`). */
export interface AlinkError {
  code: AlinkErrorCode;
  message: string;
  path: string;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;
const METHOD =
  /^thing\.(?:event\.property\.post|event\.([A-Za-z_][A-Za-z0-9_]{0,49})\.post|service\.([A-Za-z_][A-Za-z0-9_]{0,49}(?:\.[A-Za-z_][A-Za-z0-9_]{0,49})?))$/;

const refuse = (code: AlinkErrorCode, message: string, path: string): never => {
  throw new Refusal<AlinkError>({ code, message, path });
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkIdentifier(name: string, path: string): string {
  if (!IDENTIFIER.test(name))
    refuse(
      'alink.badIdentifier',
      `'${name}' is not an identifier (a letter or _, then letters, digits or _, at most 50)`,
      path,
    );
  return name;
}

function checkId(id: unknown): string {
  const text = typeof id === 'number' && Number.isInteger(id) ? String(id) : id;
  if (typeof text !== 'string' || !/^\d{1,10}$/.test(text) || Number(text) > 0xffffffff)
    refuse('alink.badId', 'The id must be a decimal string 0-4294967295', 'id');
  return text as string;
}

function checkTime(t: unknown, path: string): number | undefined {
  if (t === undefined) return undefined;
  if (typeof t !== 'number' || !Number.isInteger(t) || t < 0)
    refuse('alink.badTime', 'A time must be epoch milliseconds (a whole number)', path);
  return t as number;
}

function checkParams(params: unknown, path: string): AlinkParams {
  if (!isObject(params)) refuse('alink.badParams', 'params must be an object', path);
  for (const key of Object.keys(params as object)) checkIdentifier(key, `${path}.${key}`);
  return params as AlinkParams;
}

function toObject(input: unknown): Record<string, unknown> {
  let value = input;
  if (typeof input === 'string' || input instanceof Uint8Array) {
    const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
    try {
      value = JSON.parse(text);
    } catch {
      refuse('alink.badJson', 'The payload is not JSON', '');
    }
  }
  if (!isObject(value)) refuse('alink.notObject', 'The payload must be a JSON object', '');
  return value as Record<string, unknown>;
}

/** Builds a property post (device to cloud); a property may carry its own sample time. */
export function buildPropertyPost(
  id: string,
  properties: Record<string, AlinkValue | TimedValue>,
  ack = false,
): AlinkRequest {
  const params: AlinkParams = {};
  for (const [k, v] of Object.entries(properties)) params[k] = isTimed(v) ? ({ ...v } as AlinkValue) : v;
  return { id, version: ALINK_VERSION, method: 'thing.event.property.post', params, sys: { ack: ack ? 1 : 0 } };
}

/** Builds an event post (device to cloud), e.g. a fault event with its output parameters. */
export function buildEventPost(id: string, event: string, value: AlinkParams, time?: number): AlinkRequest {
  const params: AlinkParams = time === undefined ? { value } : { value, time };
  return { id, version: ALINK_VERSION, method: `thing.event.${event}.post`, params };
}

/** Builds a service call (cloud to device); `property.set` sets properties. */
export function buildServiceCall(id: string, service: string, params: AlinkParams): AlinkRequest {
  return { id, version: ALINK_VERSION, method: `thing.service.${service}`, params };
}

/** Builds the reply to a request: same id and method, code 200 for success. */
export function buildReply(
  request: Pick<AlinkRequest, 'id' | 'method'>,
  code = 200,
  data: AlinkParams = {},
  message = code === 200 ? 'success' : 'error',
): AlinkReply {
  return { id: request.id, code, data, message, method: request.method, version: ALINK_VERSION };
}

function isTimed(v: unknown): v is TimedValue {
  return isObject(v) && 'value' in v && Object.keys(v).every((k) => k === 'value' || k === 'time');
}

/** Validates a request (JSON text, bytes or a parsed object) and says what it is; never throws. */
export function parseAlinkRequest(
  input: unknown,
): { ok: true; message: AlinkMessage } | { ok: false; error: AlinkError } {
  const r = attempt<AlinkMessage, AlinkError>(() => {
    const o = toObject(input);
    const id = checkId(o.id);
    if (o.version !== ALINK_VERSION) refuse('alink.badVersion', `The version must be '${ALINK_VERSION}'`, 'version');
    const version = ALINK_VERSION;
    const method = typeof o.method === 'string' ? o.method : '';
    const m = METHOD.exec(method);
    if (!m)
      refuse('alink.badMethod', `'${method}' is not a property post, event post or service call method`, 'method');
    const params = checkParams(o.params, 'params');
    if (m![1] !== undefined) {
      const value = checkParams(params.value ?? {}, 'params.value');
      const time = checkTime(params.time, 'params.time');
      return { kind: 'eventPost', id, version, method, event: m![1], value, ...(time === undefined ? {} : { time }) };
    }
    if (m![2] !== undefined) return { kind: 'serviceCall', id, version, method, service: m![2], params };
    const properties: Record<string, TimedValue> = {};
    for (const [k, v] of Object.entries(params)) {
      if (isTimed(v)) {
        const time = checkTime(v.time, `params.${k}.time`);
        properties[k] = time === undefined ? { value: v.value } : { value: v.value, time };
      } else properties[k] = { value: v };
    }
    const ack = isObject(o.sys) && o.sys.ack === 1;
    return { kind: 'propertyPost', id, version, method, properties, ack };
  });
  return r.ok ? { ok: true, message: r.value } : r;
}

/** Validates a reply (JSON text, bytes or a parsed object); never throws. */
export function parseAlinkReply(input: unknown): { ok: true; reply: AlinkReply } | { ok: false; error: AlinkError } {
  const r = attempt<AlinkReply, AlinkError>(() => {
    const o = toObject(input);
    const id = checkId(o.id);
    if (typeof o.code !== 'number' || !Number.isInteger(o.code))
      refuse('alink.badCode', 'A reply needs an integer code (200 is success)', 'code');
    const data = o.data === undefined ? {} : checkParams(o.data, 'data');
    const reply: AlinkReply = { id, code: o.code as number, data };
    if (typeof o.message === 'string') reply.message = o.message;
    if (typeof o.method === 'string') reply.method = o.method;
    if (typeof o.version === 'string') reply.version = o.version;
    return reply;
  });
  return r.ok ? { ok: true, reply: r.value } : r;
}

/** The MQTT topic of a method for one device: `/sys/{productKey}/{deviceName}/thing/event/property/post` (plus `_reply`). */
export function alinkTopic(productKey: string, deviceName: string, method: string, reply = false): string {
  return `/sys/${productKey}/${deviceName}/${method.replaceAll('.', '/')}${reply ? '_reply' : ''}`;
}
