import { z } from 'zod';
import { multilineText, withTextRule } from '../../text.ts';
import { CLOUD_API, defineCall } from '../../call.ts';
import { FAULT_LEVELS } from '../../faults.ts';
import { Button } from '../../permissions.ts';
import {
  expectedVersion,
  listAnswer,
  pageIndexField,
  pointId,
  recordVersion,
  searchField,
  sortOrderField,
  versionId,
} from './common.ts';

/**
 * Protocol points (pointAdd, pointDetail): every field of spec section 3. The server checks a
 * point against the whole table of its version (packages/protocol compileTable): duplicate address
 * or code, formulas that do not parse, a value range referencing a missing point, high/low pairs,
 * enum, binary and fault items; the refusal (POINT_INVALID) names the point and the field.
 */

export const POINT_MODES = ['R', 'W', 'RW'] as const;
export const BYTE_LENGTHS = [1, 2, 4] as const;
/** How the point's value reads: a number, one of its enum items, or named bits (binary items). */
export const VALUE_KINDS = ['number', 'enum', 'binary'] as const;
export const POINT_CODE_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;
export const MAX_ADDRESS = 65535;
/** Largest point table of one version (import and add). */
export const MAX_POINTS_PER_VERSION = 5000;
export const POINT_PAGE_SIZE = 20;

const text = (max: number, key: string) => z.string({ error: key }).trim().max(max, key).default('');
const flag = z.boolean({ error: 'catalog.validation.flag' }).default(false);
const address = z
  .number({ error: 'catalog.validation.address' })
  .int('catalog.validation.address')
  .min(0, 'catalog.validation.address')
  .max(MAX_ADDRESS, 'catalog.validation.address');
const required = (max: number, key: string) => z.string({ error: key }).trim().min(1, key).max(max, key);

export const enumItem = z
  .object({
    value: z.number({ error: 'catalog.validation.enumValue' }).int('catalog.validation.enumValue'),
    /** Definition (label), required: "none empty". */
    label: required(50, 'catalog.validation.enumLabel'),
    enLabel: text(100, 'catalog.validation.enumLabel'),
    description: text(200, 'catalog.validation.description'),
  })
  .strict();

export const binaryItem = z
  .object({
    bit: z
      .number({ error: 'catalog.validation.bit' })
      .int('catalog.validation.bit')
      .min(0, 'catalog.validation.bit')
      .max(31, 'catalog.validation.bit'),
    code: required(50, 'catalog.validation.bitCode'),
    content: required(100, 'catalog.validation.bitContent'),
    enContent: text(100, 'catalog.validation.bitContent'),
  })
  .strict();

export const faultDefinition = z
  .object({
    faultCode: required(20, 'catalog.validation.faultCode'),
    level: z.union(
      FAULT_LEVELS.map((level) => z.literal(level)),
      { error: 'catalog.validation.faultLevel' },
    ),
    /** Active when this bit of the value is set, or (no bit) when the value equals `value`. */
    bit: z
      .number({ error: 'catalog.validation.bit' })
      .int('catalog.validation.bit')
      .min(0, 'catalog.validation.bit')
      .max(31, 'catalog.validation.bit')
      .nullable()
      .default(null),
    value: z
      .number({ error: 'catalog.validation.enumValue' })
      .int('catalog.validation.enumValue')
      .nullable()
      .default(null),
    /** In Chinese (the catalog's first language); enDescription in English. */
    description: text(200, 'catalog.validation.description'),
    enDescription: text(200, 'catalog.validation.description'),
  })
  .strict()
  .refine((f) => f.bit !== null || f.value !== null, { message: 'catalog.validation.faultBitOrValue', path: ['bit'] });

/** The editable fields of a point, as the point editor and the Excel row carry them (an Excel row is parsed on its own: it carries the text rule). */
export const pointFields = withTextRule(
  z
    .object({
      address,
      pointCode: z
        .string({ error: 'catalog.validation.pointCode' })
        .trim()
        .refine((value) => POINT_CODE_PATTERN.test(value), 'catalog.validation.pointCode'),
      pointName: required(50, 'catalog.validation.pointName'),
      pointEnName: text(100, 'catalog.validation.pointEnName'),
      mode: z.enum(POINT_MODES, { error: 'catalog.validation.mode' }),
      vendorParam: flag,
      basicInfo: flag,
      endUserDisplay: flag,
      clientParam: flag,
      hidden: flag,
      codeClass: text(30, 'catalog.validation.codeClass'),
      byteLength: z.union(
        BYTE_LENGTHS.map((length) => z.literal(length)),
        { error: 'catalog.validation.byteLength' },
      ),
      highLow: flag,
      highPoint: address.nullable().default(null),
      lowPoint: address.nullable().default(null),
      /** Empty: raw unsigned integer. */
      dataTypeId: z
        .string({ error: 'catalog.validation.dataTypeId' })
        .trim()
        .max(20, 'catalog.validation.dataTypeId')
        .default(''),
      reportFormula: text(200, 'catalog.validation.rule'),
      sendFormula: text(200, 'catalog.validation.rule'),
      faultType: flag,
      /** `min..max`, each end a number, `$n$` (another point's current value) or empty. */
      valueRange: text(50, 'catalog.validation.valueRange'),
      unit: text(20, 'catalog.validation.unit'),
      /** The unit in English where it is a word ('steps' beside '步'); empty for a symbol (°C) shown alike. */
      enUnit: text(20, 'catalog.validation.unit'),
      defaultValue: z
        .number({ error: 'catalog.validation.defaultValue' })
        .finite('catalog.validation.defaultValue')
        .nullable()
        .default(null),
      description: multilineText(text(200, 'catalog.validation.description')),
      enDescription: multilineText(text(400, 'catalog.validation.description')),
      valueKind: z.enum(VALUE_KINDS, { error: 'catalog.validation.valueKind' }).default('number'),
      enumItems: z.array(enumItem).max(256, 'catalog.validation.tooMany').default([]),
      binaryItems: z.array(binaryItem).max(32, 'catalog.validation.tooMany').default([]),
      faultDefinitions: z.array(faultDefinition).max(256, 'catalog.validation.tooMany').default([]),
    })
    .strict()
    // Section 5: enum items of a point, at least one group, none empty (labels are required above).
    .refine((p) => p.valueKind !== 'enum' || p.enumItems.length > 0, {
      message: 'catalog.validation.enumEmpty',
      path: ['enumItems'],
    })
    .refine((p) => p.valueKind !== 'binary' || p.binaryItems.length > 0, {
      message: 'catalog.validation.binaryEmpty',
      path: ['binaryItems'],
    })
    .refine((p) => !p.faultType || p.faultDefinitions.length > 0, {
      message: 'catalog.validation.faultEmpty',
      path: ['faultDefinitions'],
    }),
);
export type PointFields = z.output<typeof pointFields>;
export type PointFieldsInput = z.input<typeof pointFields>;

export const point = z.object({
  pointId: z.string(),
  /** The protocol version (firmware release) whose table holds the point. */
  versionId: z.string(),
  /** The point record's own version (optimistic concurrency): the editor sends it back. */
  version: recordVersion,
  address: z.number().int(),
  pointCode: z.string(),
  pointName: z.string(),
  pointEnName: z.string(),
  mode: z.enum(POINT_MODES),
  vendorParam: z.boolean(),
  basicInfo: z.boolean(),
  endUserDisplay: z.boolean(),
  clientParam: z.boolean(),
  hidden: z.boolean(),
  codeClass: z.string(),
  byteLength: z.union(BYTE_LENGTHS.map((length) => z.literal(length))),
  highLow: z.boolean(),
  highPoint: z.number().int().nullable(),
  lowPoint: z.number().int().nullable(),
  dataTypeId: z.string(),
  dataTypeName: z.string(),
  reportFormula: z.string(),
  sendFormula: z.string(),
  faultType: z.boolean(),
  valueRange: z.string(),
  unit: z.string(),
  enUnit: z.string(),
  defaultValue: z.number().nullable(),
  description: z.string(),
  enDescription: z.string(),
  valueKind: z.enum(VALUE_KINDS),
  enumItems: z.array(
    z.object({ value: z.number().int(), label: z.string(), enLabel: z.string(), description: z.string() }),
  ),
  binaryItems: z.array(
    z.object({ bit: z.number().int(), code: z.string(), content: z.string(), enContent: z.string() }),
  ),
  faultDefinitions: z.array(
    z.object({
      faultCode: z.string(),
      level: z.number().int(),
      bit: z.number().int().nullable(),
      value: z.number().int().nullable(),
      description: z.string(),
      enDescription: z.string(),
    }),
  ),
  modifier: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ProtocolPoint = z.infer<typeof point>;

export const POINT_SORT_FIELDS = ['address', 'pointCode', 'updateTime'] as const;

export const listPoints = defineCall({
  path: `${CLOUD_API}/point/list`,
  description:
    "A version's points (the parameter list): search over code and names, mode filter, sort (address ascending by default), pages of up to 999.",
  auth: 'session',
  button: Button.PROTOCOLS,
  request: z
    .object({
      versionId,
      pageIndex: pageIndexField,
      pageSize: z.coerce
        .number({ error: 'validation.page.size' })
        .int('validation.page.size')
        .min(1, 'validation.page.size')
        .max(999, 'validation.page.size')
        .default(POINT_PAGE_SIZE),
      search: searchField,
      mode: z.enum(['', ...POINT_MODES], { error: 'catalog.validation.mode' }).default(''),
      sortField: z.enum(POINT_SORT_FIELDS, { error: 'people.validation.sortField' }).default('address'),
      sortOrder: sortOrderField.default('ascend'),
    })
    .strict(),
  response: listAnswer(point),
});

export const pointById = defineCall({
  path: `${CLOUD_API}/point/detail`,
  description: 'One point with every field (pointDetail).',
  auth: 'session',
  button: Button.PROTOCOLS,
  request: z.object({ pointId }).strict(),
  response: point,
});

export const addPoint = defineCall({
  path: `${CLOUD_API}/point/add`,
  description:
    'Adds a point to a version after checking it against the whole table (POINT_INVALID names the field); recorded in the point history.',
  auth: 'session',
  button: Button.PROTOCOLS,
  catalogWrite: true,
  request: z.object({ versionId, point: pointFields }).strict(),
  response: point,
});

export const updatePoint = defineCall({
  path: `${CLOUD_API}/point/update`,
  description:
    'Replaces every field of a point after checking the whole table; the history records a field-by-field diff. STALE_VERSION when the point changed since it was read.',
  auth: 'session',
  button: Button.PROTOCOLS,
  catalogWrite: true,
  request: z.object({ pointId, ...expectedVersion, point: pointFields }).strict(),
  response: point,
});

export const deletePoint = defineCall({
  path: `${CLOUD_API}/point/delete`,
  description:
    'Deletes a point; refused when other points reference it ($n$, high/low) with POINT_INVALID naming them, or with STALE_VERSION when it changed since it was read; recorded in the history.',
  auth: 'session',
  button: Button.PROTOCOLS,
  catalogWrite: true,
  request: z.object({ pointId, ...expectedVersion }).strict(),
  response: z.null(),
});

/** Every editable field of a point, in the order the editor, the history and the Excel sheet use. */
export const POINT_FIELD_NAMES = [
  'address',
  'pointCode',
  'pointName',
  'pointEnName',
  'mode',
  'vendorParam',
  'basicInfo',
  'endUserDisplay',
  'clientParam',
  'hidden',
  'codeClass',
  'byteLength',
  'highLow',
  'highPoint',
  'lowPoint',
  'dataTypeId',
  'reportFormula',
  'sendFormula',
  'faultType',
  'valueRange',
  'unit',
  'enUnit',
  'defaultValue',
  'description',
  'enDescription',
  'valueKind',
  'enumItems',
  'binaryItems',
  'faultDefinitions',
] as const satisfies readonly (keyof PointFields)[];
