import type { FastifyRequest } from 'fastify';

/**
 * The context of a multipart call, from its headers (`sessionid`, `dealersid`): session and button
 * are checked from them before a byte of the body is read. The query is not used: it ends up in
 * proxy and access logs.
 */
export function headerContext(request: FastifyRequest): Record<string, unknown> {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  return { sessionid: header('sessionid'), dealersId: header('dealersid') };
}
