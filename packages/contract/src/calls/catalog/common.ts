import { z } from 'zod';
import { multilineText } from '../../text.ts';
import { productNameField, recordVersionField } from '../../validation.ts';
import { idField } from '../people/common.ts';

/**
 * Shared shapes of the catalog calls (issue 4): series, data types, products, thing models,
 * protocols, versions, points. The catalog is one for the whole platform: every company whose
 * role holds the button reads it; only the level-0 company (the maker) changes it
 * (CATALOG_READ_ONLY otherwise).
 */

export { idField, listAnswer, pageIndexField, pageSizeField, searchField, sortOrderField } from '../people/common.ts';

export const CATALOG_PAGE_SIZE = 10;

/** Series name: the product-name rule of section 5 (Chinese, letters, digits, underscore; 4-30, Chinese counts 2). */
export const seriesNameField = productNameField;

/** Chinese characters, which an English name must not hold. */
const CHINESE_CHARACTER = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * The English name of a catalog record (series, data type, protocol) beside its Chinese one: at most 60
 * characters, no Chinese characters, '' when none (the reader of English then sees the Chinese name
 * marked as such, localName).
 */
export const catalogEnNameField = z
  .string({ error: 'catalog.validation.enName' })
  .trim()
  .max(60, 'catalog.validation.enName')
  .refine((value) => !CHINESE_CHARACTER.test(value), 'catalog.validation.enName')
  .default('');

/** Free description: at most 200 characters, empty allowed. */
export const descriptionField = multilineText(
  z.string({ error: 'catalog.validation.description' }).trim().max(200, 'catalog.validation.description').default(''),
);

/** Who changed a record and when (names kept as text, so deleting an account keeps the history readable). */
export const stampFields = {
  creator: z.string(),
  modifier: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
};

export const seriesId = idField('catalog.validation.seriesId');
export const dataTypeId = idField('catalog.validation.dataTypeId');
export const productId = idField('catalog.validation.productId');
export const protocolId = idField('catalog.validation.protocolId');
export const versionId = idField('catalog.validation.versionId');
export const pointId = idField('catalog.validation.pointId');
export const historyId = idField('catalog.validation.historyId');

/**
 * Optimistic concurrency (issue 8 item 11): the answers that feed an edit form carry the record's
 * `version`; the edit (and the delete) sends it back and is refused with STALE_VERSION when the
 * record changed since it was read.
 */
export const recordVersion = z.number().int();
export const expectedVersion = { version: recordVersionField };

/** An id and a name, for selects. */
export const option = z.object({ id: z.string(), name: z.string() });
export type CatalogOption = z.infer<typeof option>;
