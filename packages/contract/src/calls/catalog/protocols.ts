import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { titleField } from '../../validation.ts';
import {
  CATALOG_PAGE_SIZE,
  catalogEnNameField,
  descriptionField,
  expectedVersion,
  listAnswer,
  option,
  pageIndexField,
  pageSizeField,
  protocolId,
  recordVersion,
  searchField,
  sortOrderField,
  stampFields,
  versionId,
} from './common.ts';

/**
 * Protocols (protocalManage, B154): the register map of a mainboard firmware family, with versions
 * as the firmware evolves. Each version owns its point table (points.ts). A new version copies the
 * points of the version it starts from.
 */

export const PROTOCOL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export const protocolVersion = z.object({
  versionId: z.string(),
  versionName: z.string(),
  description: z.string(),
  pointCount: z.number().int(),
  creator: z.string(),
  createTime: z.string(),
});
export type ProtocolVersion = z.infer<typeof protocolVersion>;

export const protocol = z.object({
  protocolId: z.string(),
  protocolName: z.string(),
  /** English name; '' when none. */
  protocolEnName: z.string(),
  protocolCode: z.string(),
  description: z.string(),
  /** Products associated with this protocol; a protocol with products cannot be deleted. */
  products: z.array(option),
  versionCount: z.number().int(),
  /**
   * The protocol record's version (optimistic concurrency) for its edit form and delete; it moves
   * only when name, code or description change, not when versions or points do.
   */
  version: recordVersion,
  ...stampFields,
});
export type Protocol = z.infer<typeof protocol>;

export const protocolDetail = protocol.extend({ versions: z.array(protocolVersion) });
export type ProtocolDetail = z.infer<typeof protocolDetail>;

const protocolEditable = {
  protocolName: titleField.pipe(z.string().max(50, 'validation.title.max')),
  protocolEnName: catalogEnNameField,
  protocolCode: z
    .string({ error: 'catalog.validation.protocolCode' })
    .trim()
    .refine((value) => PROTOCOL_CODE_PATTERN.test(value), 'catalog.validation.protocolCode'),
  description: descriptionField,
};

export const versionNameField = z
  .string({ error: 'catalog.validation.versionName' })
  .trim()
  .min(1, 'catalog.validation.versionName')
  .max(20, 'catalog.validation.versionName')
  .refine((value) => /^[A-Za-z0-9._-]+$/.test(value), 'catalog.validation.versionName');

export const PROTOCOL_SORT_FIELDS = ['createTime', 'updateTime', 'protocolName', 'protocolCode'] as const;

export const listProtocols = defineCall({
  path: `${CLOUD_API}/protocol/list`,
  description: 'Protocols with partial-match name and code search, sort, pages; each with its related products.',
  auth: 'session',
  button: Button.PROTOCOLS,
  request: z
    .object({
      pageIndex: pageIndexField,
      pageSize: pageSizeField.default(CATALOG_PAGE_SIZE),
      protocolName: searchField,
      protocolCode: searchField,
      sortField: z.enum(PROTOCOL_SORT_FIELDS, { error: 'people.validation.sortField' }).default('createTime'),
      sortOrder: sortOrderField,
    })
    .strict(),
  response: listAnswer(protocol),
});

/** Every protocol with its versions, for the product form (associated protocol) and the frame inspector. */
export const protocolOptions = defineCall({
  path: `${CLOUD_API}/protocol/options`,
  description:
    "All protocols (id, name in the reader's language, code) with their versions (id, name), ordered by name.",
  auth: 'session',
  button: null,
  request: z.object({}).strict(),
  response: z.array(option.extend({ code: z.string(), versions: z.array(option) })),
});

export const protocolById = defineCall({
  path: `${CLOUD_API}/protocol/detail`,
  description: 'One protocol with its versions (newest first).',
  auth: 'session',
  button: Button.PROTOCOLS,
  request: z.object({ protocolId }).strict(),
  response: protocolDetail,
});

export const addProtocol = defineCall({
  path: `${CLOUD_API}/protocol/add`,
  description: "Creates a protocol with its first, empty version; 'protocol code already exists' when taken.",
  auth: 'session',
  button: Button.PROTOCOLS,
  catalogWrite: true,
  request: z.object({ ...protocolEditable, versionName: versionNameField.default('V1.0') }).strict(),
  response: protocolDetail,
});

export const updateProtocol = defineCall({
  path: `${CLOUD_API}/protocol/update`,
  description:
    'Edits name, code and description (protocalEdit); the modifier and update time move. STALE_VERSION when the protocol changed since it was read.',
  auth: 'session',
  button: Button.PROTOCOLS,
  catalogWrite: true,
  request: z.object({ protocolId, ...expectedVersion, ...protocolEditable }).strict(),
  response: protocolDetail,
});

export const deleteProtocol = defineCall({
  path: `${CLOUD_API}/protocol/delete`,
  description:
    'Deletes a protocol with its versions, points and history; refused while products use it (PROTOCOL_IN_USE) and when it changed since it was read (STALE_VERSION).',
  auth: 'session',
  button: Button.PROTOCOLS,
  catalogWrite: true,
  request: z.object({ protocolId, ...expectedVersion }).strict(),
  response: z.null(),
});

export const addProtocolVersion = defineCall({
  path: `${CLOUD_API}/protocolVersion/add`,
  description:
    "Adds a version; with copyFromVersionId (a version of the same protocol) it starts with a copy of that version's points.",
  auth: 'session',
  button: Button.PROTOCOLS,
  catalogWrite: true,
  request: z
    .object({
      protocolId,
      versionName: versionNameField,
      description: descriptionField,
      copyFromVersionId: z
        .string({ error: 'catalog.validation.versionId' })
        .trim()
        .max(20, 'catalog.validation.versionId')
        .default(''),
    })
    .strict(),
  response: protocolVersion,
});

export const updateProtocolVersion = defineCall({
  path: `${CLOUD_API}/protocolVersion/update`,
  description: 'Renames a version or edits its description.',
  auth: 'session',
  button: Button.PROTOCOLS,
  catalogWrite: true,
  request: z.object({ versionId, versionName: versionNameField, description: descriptionField }).strict(),
  response: protocolVersion,
});

export const deleteProtocolVersion = defineCall({
  path: `${CLOUD_API}/protocolVersion/delete`,
  description:
    'Deletes a version with its points and history; the last version of a protocol cannot be deleted (VERSION_LAST).',
  auth: 'session',
  button: Button.PROTOCOLS,
  catalogWrite: true,
  request: z.object({ versionId }).strict(),
  response: z.null(),
});
