import { z } from 'zod';
import { CLOUD_API, defineCall } from '../call.ts';

/** At most this many images are linked in one call (a page of a list). */
export const MAX_LINKS_PER_CALL = 100;

/**
 * Short-lived links to view uploaded images: a stored image field holds `/uploads/<id>.<ext>`,
 * which is served only with a signature this call hands out to a caller who may see it.
 */
export const uploadLinks = defineCall({
  path: `${CLOUD_API}/upload/links`,
  description: 'Signed links (valid for minutes) to the uploaded images the caller may see; the others are left out.',
  auth: 'session',
  button: null,
  request: z.object({ urls: z.array(z.string().max(300)).min(1).max(MAX_LINKS_PER_CALL) }).strict(),
  response: z.object({ links: z.array(z.object({ url: z.string(), link: z.string() })) }),
});
