import { z } from 'zod';

/** Request fields shared by the organization calls; messages are catalog keys. */

export const pageIndexField = z.coerce
  .number({ error: 'validation.page.index' })
  .int('validation.page.index')
  .min(1, 'validation.page.index')
  .default(1);
export const pageSizeField = z.coerce
  .number({ error: 'validation.page.size' })
  .int('validation.page.size')
  .min(1, 'validation.page.size')
  .max(100, 'validation.page.size')
  .default(10);

/** A record id on the wire: a string of digits (anything else matches no record: NOT_FOUND). */
export const idField = z
  .string({ error: 'organization.validation.idRequired' })
  .trim()
  .min(1, 'organization.validation.idRequired')
  .max(40, 'organization.validation.idRequired');

/** A GB/T 2260 division code: six digits (province 110000, city 110100). */
export const divisionCodeField = z
  .string({ error: 'organization.validation.areaCode' })
  .regex(/^\d{6}$/, 'organization.validation.areaCode');

/** A search text: trimmed, at most 50 characters, '' for no filter. */
export const searchField = z.string().trim().max(50, 'organization.validation.searchMax').default('');

/** A URL the image upload call produced (`/uploads/<uuid>.jpg|png`), or '' for none. */
export const UPLOADED_IMAGE_PATTERN =
  /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png)$/;
export const uploadedImageField = z
  .string({ error: 'validation.image.url' })
  .refine((value) => value === '' || UPLOADED_IMAGE_PATTERN.test(value), 'validation.image.url');

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), totalSize: z.number().int() });
