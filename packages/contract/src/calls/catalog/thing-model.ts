import { z } from 'zod';
import { multilineText } from '../../text.ts';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { expectedVersion, productId, recordVersion } from './common.ts';

/**
 * Thing models of Alink products (thingModelProductDetail): properties, events and services, edited
 * as a draft (editTheDraft) and published; devices are read with the published model. Import and
 * export are this same JSON document.
 */

/** Identifier of a property, event, service or parameter: a letter or underscore, then letters, digits, underscores; at most 50. */
export const IDENTIFIER_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;
export const THING_DATA_TYPES = ['int', 'float', 'double', 'bool', 'enum', 'text', 'date'] as const;
export const MAX_THING_ITEMS = 500;

const identifier = z
  .string({ error: 'catalog.validation.identifier' })
  .refine((value) => IDENTIFIER_PATTERN.test(value), 'catalog.validation.identifier');
const itemName = z
  .string({ error: 'catalog.validation.itemName' })
  .trim()
  .min(1, 'catalog.validation.itemName')
  .max(50, 'catalog.validation.itemName');
/** The English name beside a (Chinese) name: optional, like a point's English name. */
const itemEnName = z
  .string({ error: 'catalog.validation.itemName' })
  .trim()
  .max(100, 'catalog.validation.itemName')
  .default('');
const optionalNumber = z
  .number({ error: 'catalog.validation.number' })
  .finite('catalog.validation.number')
  .nullable()
  .default(null);

export const thingDataType = z
  .object({
    type: z.enum(THING_DATA_TYPES, { error: 'catalog.validation.thingDataType' }),
    min: optionalNumber,
    max: optionalNumber,
    step: optionalNumber,
    unit: z.string({ error: 'catalog.validation.unit' }).max(20, 'catalog.validation.unit').default(''),
    /** enum and bool: value -> label. */
    values: z
      .array(
        z
          .object({
            value: z.number({ error: 'catalog.validation.number' }).int('catalog.validation.number'),
            label: itemName,
            enLabel: itemEnName,
          })
          .strict(),
      )
      .max(100, 'catalog.validation.tooMany')
      .default([]),
    /** text: longest length. */
    length: z
      .number({ error: 'catalog.validation.number' })
      .int('catalog.validation.number')
      .min(1, 'catalog.validation.number')
      .max(10240, 'catalog.validation.number')
      .nullable()
      .default(null),
  })
  .strict()
  .refine((t) => t.min === null || t.max === null || t.min <= t.max, {
    message: 'catalog.validation.minMax',
    path: ['max'],
  })
  .refine((t) => (t.type === 'enum' ? t.values.length > 0 : true), {
    message: 'catalog.validation.enumEmpty',
    path: ['values'],
  });

export const thingParam = z
  .object({ identifier, name: itemName, enName: itemEnName, dataType: thingDataType })
  .strict();

/** A description of a property, event or service; English beside Chinese (enDescription), both optional. */
const description = multilineText(z.string().max(200, 'catalog.validation.description').default(''));

export const thingProperty = z
  .object({
    identifier,
    name: itemName,
    enName: itemEnName,
    accessMode: z.enum(['r', 'rw'], { error: 'catalog.validation.accessMode' }),
    required: z.boolean().default(false),
    description,
    enDescription: description,
    dataType: thingDataType,
  })
  .strict();

export const thingEvent = z
  .object({
    identifier,
    name: itemName,
    enName: itemEnName,
    type: z.enum(['info', 'alert', 'error'], { error: 'catalog.validation.eventType' }),
    description,
    enDescription: description,
    outputData: z.array(thingParam).max(50, 'catalog.validation.tooMany').default([]),
  })
  .strict();

export const thingService = z
  .object({
    identifier,
    name: itemName,
    enName: itemEnName,
    callType: z.enum(['sync', 'async'], { error: 'catalog.validation.callType' }),
    description,
    enDescription: description,
    inputData: z.array(thingParam).max(50, 'catalog.validation.tooMany').default([]),
    outputData: z.array(thingParam).max(50, 'catalog.validation.tooMany').default([]),
  })
  .strict();

const unique = (items: readonly { identifier: string }[]) =>
  new Set(items.map((item) => item.identifier)).size === items.length;

/** The thing model document; identifiers are unique within properties, within events and within services. */
export const thingModel = z
  .object({
    properties: z.array(thingProperty).max(MAX_THING_ITEMS, 'catalog.validation.tooMany').default([]),
    events: z.array(thingEvent).max(MAX_THING_ITEMS, 'catalog.validation.tooMany').default([]),
    services: z.array(thingService).max(MAX_THING_ITEMS, 'catalog.validation.tooMany').default([]),
  })
  .strict()
  .refine((m) => unique(m.properties), { message: 'catalog.validation.identifierTaken', path: ['properties'] })
  .refine((m) => unique(m.events), { message: 'catalog.validation.identifierTaken', path: ['events'] })
  .refine((m) => unique(m.services), { message: 'catalog.validation.identifierTaken', path: ['services'] });
export type ThingModel = z.output<typeof thingModel>;

export const thingModelState = z.object({
  productId: z.string(),
  draft: thingModel,
  /** Null until first published. */
  published: thingModel.nullable(),
  /** Increases at every publish; 0 before the first. */
  publishedVersion: z.number().int(),
  publishedTime: z.string(),
  draftTime: z.string(),
  /** Whether the draft differs from the published model. */
  draftChanged: z.boolean(),
  /** The thing model record's version (optimistic concurrency): a draft save and a publish send it back and move it. */
  version: recordVersion,
});
export type ThingModelState = z.infer<typeof thingModelState>;

export const getThingModel = defineCall({
  path: `${CLOUD_API}/thingModel/get`,
  description: 'Draft and published thing model of an Alink product (productMessageType tm).',
  auth: 'session',
  button: Button.PRODUCTS,
  request: z.object({ productId }).strict(),
  response: thingModelState,
});

/** editTheDraft and import both save the draft; the import is the exported document. */
export const saveThingModelDraft = defineCall({
  path: `${CLOUD_API}/thingModel/saveDraft`,
  description:
    'Replaces the draft (editTheDraft or an imported JSON document); refused for protocol-point products, and with STALE_VERSION when the model changed since it was read.',
  auth: 'session',
  button: Button.PRODUCTS,
  catalogWrite: true,
  request: z.object({ productId, ...expectedVersion, model: thingModel }).strict(),
  response: thingModelState,
});

export const publishThingModel = defineCall({
  path: `${CLOUD_API}/thingModel/publish`,
  description:
    'Publishes the draft: it becomes the model devices are read with; the published version goes up by one. STALE_VERSION when the model changed since it was read (the draft published is the one seen).',
  auth: 'session',
  button: Button.PRODUCTS,
  catalogWrite: true,
  request: z.object({ productId, ...expectedVersion }).strict(),
  response: thingModelState,
});
