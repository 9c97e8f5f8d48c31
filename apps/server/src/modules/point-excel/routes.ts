import {
  EXCEL_IMPORT_MAX_BYTES,
  ErrorCode,
  MAX_POINTS_PER_VERSION,
  exportPoints,
  importPoints,
  translate,
  type ErrorCodeValue,
  type ImportProblem,
  type ImportRefusal,
  type Locale,
} from '@dcc/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError, fail } from '../../http/app-error.ts';
import { route, type CallInput, type CallRoute } from '../../http/call-route.ts';
import { splitBody } from '../../http/json-body.ts';
import { localeOf } from '../../http/locale.ts';
import { makerScope, operatorName, foundOrFail } from '../catalog/index.ts';
import {
  loadDataTypes,
  versionPoints,
  lockVersion,
  compilePoints,
  contractField,
  tableErrorText,
} from '../points/index.ts';
import { findProtocol, findVersion, touchProtocol } from '../protocols/index.ts';
import { readMultipartUpload } from '../uploads/index.ts';
import { replaceTable } from './apply.ts';
import { columnHeader } from './columns.ts';
import { exportFileName, pointWorkbook } from './export.ts';
import { fileRefused, readPointSheet } from './read.ts';
import { parseWorkbook } from './sheet-parse.ts';

/** At most this many problems are listed in a refusal (problemCount tells how many there were). */
const MAX_LISTED_PROBLEMS = 200;

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

/** Refuses an imported file for its row problems (sorted by row, the first in the message, at most 200 listed); devices use their own code. */
export function importRefusal(
  locale: Locale,
  problems: ImportProblem[],
  code: ErrorCodeValue = ErrorCode.POINT_IMPORT_INVALID,
  messageKey = 'catalog.error.importInvalid',
): AppError {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  const first = sorted[0]!;
  const details: ImportRefusal = { problems: sorted.slice(0, MAX_LISTED_PROBLEMS), problemCount: sorted.length };
  return new AppError(
    code,
    messageKey,
    { count: sorted.length, first: translate(locale, 'catalog.import.problem', first) },
    details,
  );
}

/** Excel export and import of a version's point table. */
export function pointExcelRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(exportPoints, async (input, ctx) => {
      const version = await foundOrFail(findVersion(db, input.versionId));
      const [protocol, points] = await Promise.all([
        findProtocol(db, version.protocolId),
        versionPoints(db, version.versionId),
      ]);
      const bytes = pointWorkbook(ctx.locale, points);
      return {
        fileName: exportFileName(protocol?.protocolCode ?? 'protocol', version.versionName),
        contentBase64: bytes.toString('base64'),
        pointCount: points.length,
      };
    }),
    route(
      importPoints,
      async (input, ctx) => {
        makerScope(ctx);
        const operator = await operatorName(db, ctx);
        await foundOrFail(findVersion(db, input.versionId));
        const file = ctx.file;
        if (!file || file.bytes.length === 0) throw fileRefused(ctx.locale, 'catalog.import.noFile');
        const sheet = await parseWorkbook(ctx.locale, file.fileName, file.bytes);
        const dataTypes = await loadDataTypes(db);
        const read = readPointSheet(ctx.locale, sheet, dataTypes);
        if (read.points.length + read.problems.length > MAX_POINTS_PER_VERSION)
          fail(ErrorCode.TOO_MANY_POINTS, { max: MAX_POINTS_PER_VERSION });
        if (read.problems.length) throw importRefusal(ctx.locale, read.problems);
        const incoming = read.points.map((p) => p.fields);
        const compiled = compilePoints(incoming, dataTypes);
        if (!compiled.ok) {
          throw importRefusal(
            ctx.locale,
            compiled.errors.map((error) => {
              const field = contractField(error);
              return {
                row: error.index === undefined ? 0 : (read.points[error.index]?.row ?? 0),
                column: field ? (read.headers.get(field) ?? columnHeader(ctx.locale, field)) : '',
                message: tableErrorText(ctx.locale, error, dataTypes, incoming),
              };
            }),
          );
        }
        const names = new Map(dataTypes.map((t) => [t.id, t.name]));
        return db.transaction().execute(async (trx) => {
          const version = await lockVersion(trx, input.versionId);
          const current = await versionPoints(trx, version.versionId);
          const counts = await replaceTable(trx, version.versionId, current, incoming, names, operator);
          if (counts.added + counts.updated + counts.removed > 0)
            await touchProtocol(trx, version.protocolId, operator.name);
          return counts;
        });
      },
      excelUpload(['versionId']),
    ),
  ];
}
