import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import {
  CATALOG_PAGE_SIZE,
  catalogEnNameField,
  dataTypeId,
  descriptionField,
  listAnswer,
  pageIndexField,
  pageSizeField,
  searchField,
  stampFields,
} from './common.ts';

/**
 * Data types (dataTypeManage, B166): how a point's raw register integer becomes its value (report
 * parse rule, e.g. `x / 10`) and back (send parse rule, e.g. `x * 10`), and whether raw integers are
 * signed. Rules are formulas of packages/protocol (never eval); the server compiles them and
 * refuses one that does not parse (FORMULA_INVALID naming the rule). Listed by sort order, smaller first.
 */

/** Longest rule text (the protocol engine's MAX_FORMULA_LENGTH is larger; rules are short). */
export const RULE_MAX_LENGTH = 200;

/** Report or send rule: blank means the identity (value = raw). */
export const ruleField = z
  .string({ error: 'catalog.validation.rule' })
  .trim()
  .max(RULE_MAX_LENGTH, 'catalog.validation.rule')
  .default('');

export const dataType = z.object({
  dataTypeId: z.string(),
  dataTypeName: z.string(),
  /** English name; '' when none. */
  dataTypeEnName: z.string(),
  reportRule: z.string(),
  sendRule: z.string(),
  description: z.string(),
  signed: z.boolean(),
  sortOrder: z.number().int(),
  /** Points that use it; a data type in use cannot be deleted. */
  pointCount: z.number().int(),
  ...stampFields,
});
export type DataTypeRecord = z.infer<typeof dataType>;

const dataTypeEditable = {
  dataTypeName: z
    .string({ error: 'catalog.validation.dataTypeName' })
    .trim()
    .min(1, 'catalog.validation.dataTypeName')
    .max(30, 'catalog.validation.dataTypeName'),
  dataTypeEnName: catalogEnNameField,
  reportRule: ruleField,
  sendRule: ruleField,
  description: descriptionField,
  signed: z.boolean({ error: 'catalog.validation.signed' }),
  sortOrder: z.coerce
    .number({ error: 'catalog.validation.sortOrder' })
    .int('catalog.validation.sortOrder')
    .min(0, 'catalog.validation.sortOrder')
    .max(9999, 'catalog.validation.sortOrder'),
};

export const listDataTypes = defineCall({
  path: `${CLOUD_API}/dataType/list`,
  description: 'Data types ordered by sort order (smaller first), then name; partial-match name search; pages.',
  auth: 'session',
  button: Button.DATA_TYPES,
  request: z
    .object({
      pageIndex: pageIndexField,
      pageSize: pageSizeField.default(CATALOG_PAGE_SIZE),
      dataTypeName: searchField,
    })
    .strict(),
  response: listAnswer(dataType),
});

/** Every data type with its rules, in sort order: the point editor's select and the frame inspector. */
export const dataTypeOptions = defineCall({
  path: `${CLOUD_API}/dataType/options`,
  description: 'All data types with their rules, in sort order, for the point editor.',
  auth: 'session',
  button: Button.PROTOCOLS,
  request: z.object({}).strict(),
  response: z.array(dataType),
});

export const addDataType = defineCall({
  path: `${CLOUD_API}/dataType/add`,
  description:
    "Creates a data type; a rule that does not parse is refused (FORMULA_INVALID); 'data type name already exists' when taken.",
  auth: 'session',
  button: Button.DATA_TYPES,
  catalogWrite: true,
  request: z.object(dataTypeEditable).strict(),
  response: dataType,
});

export const updateDataType = defineCall({
  path: `${CLOUD_API}/dataType/update`,
  description: 'Edits a data type; the points using it read their values with the new rules from then on.',
  auth: 'session',
  button: Button.DATA_TYPES,
  catalogWrite: true,
  request: z.object({ dataTypeId, ...dataTypeEditable }).strict(),
  response: dataType,
});

export const deleteDataType = defineCall({
  path: `${CLOUD_API}/dataType/delete`,
  description: 'Deletes a data type; refused while points use it (DATA_TYPE_IN_USE with the count).',
  auth: 'session',
  button: Button.DATA_TYPES,
  catalogWrite: true,
  request: z.object({ dataTypeId }).strict(),
  response: z.null(),
});
