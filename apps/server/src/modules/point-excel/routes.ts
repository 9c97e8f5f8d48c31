import { EXCEL_IMPORT_MAX_BYTES, exportPoints, importPoints } from '@dcc/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, scopedRoute, type CallInput, type CallRoute } from '../../http/call-route.ts';
import { splitBody } from '../../http/json-body.ts';
import { localeOf } from '../../http/locale.ts';
import { catalogMaker } from '../catalog/index.ts';
import { readMultipartUpload } from '../uploads/index.ts';
import { fileRefused } from './read.ts';
import { exportPointTable, importPointTable } from './service.ts';

/**
 * Reads an Excel upload (at most 10 MB) with the payload fields sent before the file; a JSON body is
 * read as one so that session and button are checked before the missing file is named.
 */
export const excelUpload =
  (payloadFields: readonly string[]) =>
  async (request: FastifyRequest): Promise<CallInput> => {
    if (!request.isMultipart()) return { ...splitBody(request.body, false), file: null };
    return readMultipartUpload(request, {
      maxBytes: EXCEL_IMPORT_MAX_BYTES,
      payloadFields,
      reasons: {
        notMultipart: 'catalog.import.noFile',
        noFile: 'catalog.import.noFile',
        tooLarge: 'catalog.import.tooLarge',
      },
      refuse: (req, reasonKey) => fileRefused(localeOf(req), reasonKey),
    });
  };

/** Excel export and import of a version's point table. */
export function pointExcelRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(exportPoints, (input, ctx) => exportPointTable(db, ctx.locale, input.versionId)),
    scopedRoute(
      importPoints,
      async (input, ctx) => importPointTable(db, await catalogMaker(db, ctx), ctx.locale, input.versionId, ctx.file),
      excelUpload(['versionId']),
    ),
  ];
}
