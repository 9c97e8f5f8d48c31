import { toLocale, type Locale } from '@dcc/contract';
import type { FastifyRequest } from 'fastify';

/** The caller's language from the `language` query (zh_CN or en_US); anything else is English. */
export function localeOf(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  return toLocale(query?.language);
}
