import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { DEVICE_STATUSES } from '../../device-status.ts';

/**
 * The device list's filter builder (console-spec section 5): at most six conditions joined by one
 * combinator. Every condition names a field, a condition symbol and a value; fault code and fault
 * start time need their value, province and city both, and a parameter filter a product first,
 * then the point, symbol and value. The console and the server check it with this one schema.
 */

export const MAX_FILTER_CONDITIONS = 6;
export const FILTER_COMBINATORS = ['and', 'or'] as const;
/** Text fields match part of the text (contains), all of it (=) or not it (!=). */
export const TEXT_SYMBOLS = ['contains', '=', '!='] as const;
export const CHOICE_SYMBOLS = ['=', '!='] as const;
export const COMPARE_SYMBOLS = ['=', '!=', '>', '>=', '<', '<='] as const;
export const TIME_SYMBOLS = ['>', '>=', '<', '<='] as const;
export const TEXT_FILTER_FIELDS = ['deviceCode', 'deviceName', 'sn', 'model', 'projectName'] as const;
export const FAULT_STATES = ['yes', 'no'] as const;
export type CompareSymbol = (typeof COMPARE_SYMBOLS)[number];

const key = (name: string) => `devices.validation.filter.${name}`;
const symbolOf = <T extends readonly [string, ...string[]]>(symbols: T, message = key('symbol')) =>
  z.enum(symbols, { error: message });
const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);
const idValue = (message: string) => z.string({ error: message }).trim().min(1, message).max(20, message);

const conditions = [
  z
    .object({ field: z.enum(TEXT_FILTER_FIELDS), symbol: symbolOf(TEXT_SYMBOLS), value: requiredText(key('value')) })
    .strict(),
  z.object({ field: z.literal('productId'), symbol: symbolOf(CHOICE_SYMBOLS), value: idValue(key('value')) }).strict(),
  z.object({ field: z.literal('dealersId'), symbol: symbolOf(CHOICE_SYMBOLS), value: idValue(key('value')) }).strict(),
  z
    .object({
      field: z.literal('deviceStatus'),
      symbol: symbolOf(CHOICE_SYMBOLS),
      value: z.enum(DEVICE_STATUSES, { error: key('value') }),
    })
    .strict(),
  /** yes: the device has a fault open now; no: it has none. */
  z
    .object({
      field: z.literal('fault'),
      symbol: symbolOf(['='] as const),
      value: z.enum(FAULT_STATES, { error: key('value') }),
    })
    .strict(),
  /** The device has an open fault with this code (=) or none with it (!=). */
  z
    .object({ field: z.literal('faultCode'), symbol: symbolOf(CHOICE_SYMBOLS), value: requiredText(key('faultCode')) })
    .strict(),
  /** The device has an open fault that started before or after this moment. */
  z
    .object({
      field: z.literal('faultStartTime'),
      symbol: symbolOf(TIME_SYMBOLS),
      value: z
        .string({ error: key('faultStartTime') })
        .refine((text) => text.trim() !== '' && !Number.isNaN(Date.parse(text)), key('faultStartTime')),
    })
    .strict(),
  /** The device's division: both the province and one of its cities (GB/T 2260 codes). */
  z
    .object({
      field: z.literal('area'),
      province: z.string({ error: key('province') }).regex(/^\d{2}0000$/, key('province')),
      city: z.string({ error: key('city') }).regex(/^\d{4}00$/, key('city')),
    })
    .strict()
    .refine((area) => area.city.slice(0, 2) === area.province.slice(0, 2) && !area.city.endsWith('0000'), {
      message: key('city'),
      path: ['city'],
    }),
  /** The latest value of one point of devices of one product compared with a number. */
  z
    .object({
      field: z.literal('addressData'),
      productId: idValue(key('parameterProduct')),
      address: z
        .number({ error: key('parameterPoint') })
        .int(key('parameterPoint'))
        .min(0, key('parameterPoint'))
        .max(65535, key('parameterPoint')),
      symbol: symbolOf(COMPARE_SYMBOLS, key('parameterSymbol')),
      value: z.number({ error: key('parameterValue') }).refine(Number.isFinite, key('parameterValue')),
    })
    .strict(),
] as const;

export const deviceFilterCondition = z.discriminatedUnion('field', conditions, { error: key('field') });
export type DeviceFilterCondition = z.infer<typeof deviceFilterCondition>;

export const deviceFilter = z
  .object({
    combinator: z.enum(FILTER_COMBINATORS, { error: key('combinator') }),
    conditions: z.array(deviceFilterCondition, { error: key('field') }).max(MAX_FILTER_CONDITIONS, key('tooMany')),
  })
  .strict();
export type DeviceFilter = z.infer<typeof deviceFilter>;

/** The points a parameter filter of a product may name: its protocol's newest version table, or its published thing model's properties. */
export const listFilterPoints = defineCall({
  path: `${CLOUD_API}/device/filterPoints`,
  description:
    "A product's points (address, name, unit) for the device list's parameter filter; a product without table or thing model has none.",
  auth: 'session',
  button: Button.DEVICES,
  request: z.object({ productId: idValue(key('parameterProduct')) }).strict(),
  response: z.array(z.object({ address: z.number().int(), code: z.string(), name: z.string(), unit: z.string() })),
});
