import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import {
  CATALOG_PAGE_SIZE,
  catalogEnNameField,
  listAnswer,
  option,
  pageIndexField,
  pageSizeField,
  searchField,
  seriesId,
  seriesNameField,
  sortOrderField,
  stampFields,
} from './common.ts';

/** Product series (seriesManage): a name that groups products; a series in use cannot be deleted. */

export const series = z.object({
  seriesId: z.string(),
  seriesName: z.string(),
  /** English name; '' when none. */
  seriesEnName: z.string(),
  /** Products of this series; a series with products cannot be deleted. */
  productCount: z.number().int(),
  ...stampFields,
});
export type Series = z.infer<typeof series>;

export const SERIES_SORT_FIELDS = ['createTime', 'updateTime', 'seriesName', 'productCount'] as const;

export const listSeries = defineCall({
  path: `${CLOUD_API}/series/list`,
  description: 'Series of the platform catalog with partial-match name search, sort and pages.',
  auth: 'session',
  button: Button.SERIES,
  request: z
    .object({
      pageIndex: pageIndexField,
      pageSize: pageSizeField.default(CATALOG_PAGE_SIZE),
      seriesName: searchField,
      sortField: z.enum(SERIES_SORT_FIELDS, { error: 'people.validation.sortField' }).default('createTime'),
      sortOrder: sortOrderField,
    })
    .strict(),
  response: listAnswer(series),
});

/** Every series as id and name in the reader's language (ordered by it), for the product form. */
export const seriesOptions = defineCall({
  path: `${CLOUD_API}/series/options`,
  description: "All series as id and name in the reader's language, ordered by name, for selects.",
  auth: 'session',
  button: Button.PRODUCTS,
  request: z.object({}).strict(),
  response: z.array(option),
});

export const addSeries = defineCall({
  path: `${CLOUD_API}/series/add`,
  description: "Creates a series; 'series name already exists' when taken (case-insensitive).",
  auth: 'session',
  button: Button.SERIES,
  catalogWrite: true,
  request: z.object({ seriesName: seriesNameField, seriesEnName: catalogEnNameField }).strict(),
  response: series,
});

export const updateSeries = defineCall({
  path: `${CLOUD_API}/series/update`,
  description: 'Renames a series.',
  auth: 'session',
  button: Button.SERIES,
  catalogWrite: true,
  request: z.object({ seriesId, seriesName: seriesNameField, seriesEnName: catalogEnNameField }).strict(),
  response: series,
});

export const deleteSeries = defineCall({
  path: `${CLOUD_API}/series/delete`,
  description: 'Deletes a series; refused while products use it (SERIES_IN_USE with the count).',
  auth: 'session',
  button: Button.SERIES,
  catalogWrite: true,
  request: z.object({ seriesId }).strict(),
  response: z.null(),
});
