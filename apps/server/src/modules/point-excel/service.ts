import { ErrorCode, MAX_POINTS_PER_VERSION, type Locale } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { UploadedFile } from '../../http/call-route.ts';
import { foundOrFail, type CatalogMaker } from '../catalog/index.ts';
import {
  compilePoints,
  contractField,
  loadDataTypes,
  lockVersion,
  tableErrorText,
  versionPoints,
} from '../points/index.ts';
import { findProtocol, findVersion, touchProtocol } from '../protocols/index.ts';
import { replaceTable, type ImportCounts } from './apply.ts';
import { columnHeader } from './columns.ts';
import { exportFileName, pointWorkbook } from './export.ts';
import { importRefusal } from './import-refusal.ts';
import { fileRefused, readPointSheet } from './read.ts';
import { parseWorkbook } from './sheet-parse.ts';

/** A version's point table as an Excel workbook in the caller's language. */
export async function exportPointTable(db: Kysely<DB>, locale: Locale, versionId: string) {
  const version = await foundOrFail(findVersion(db, versionId));
  const [protocol, points] = await Promise.all([
    findProtocol(db, version.protocolId, locale),
    versionPoints(db, version.versionId, locale),
  ]);
  const bytes = pointWorkbook(locale, points);
  return {
    fileName: exportFileName(protocol?.protocolCode ?? 'protocol', version.versionName),
    contentBase64: bytes.toString('base64'),
    pointCount: points.length,
  };
}

/**
 * Replaces a version's point table with an uploaded workbook: refused whole, listing its row problems,
 * when a row or the table as a whole does not hold; the protocol is marked changed when a point changed.
 */
export async function importPointTable(
  db: Kysely<DB>,
  maker: CatalogMaker,
  locale: Locale,
  versionId: string,
  file: UploadedFile | null,
): Promise<ImportCounts> {
  await foundOrFail(findVersion(db, versionId));
  if (!file || file.bytes.length === 0) throw fileRefused(locale, 'catalog.import.noFile');
  const sheet = await parseWorkbook(locale, file.fileName, file.bytes);
  const dataTypes = await loadDataTypes(db);
  const read = readPointSheet(locale, sheet, dataTypes);
  if (read.points.length + read.problems.length > MAX_POINTS_PER_VERSION)
    fail(ErrorCode.TOO_MANY_POINTS, { max: MAX_POINTS_PER_VERSION });
  if (read.problems.length) throw importRefusal(locale, read.problems);
  const incoming = read.points.map((p) => p.fields);
  const compiled = compilePoints(incoming, dataTypes);
  if (!compiled.ok) {
    throw importRefusal(
      locale,
      compiled.errors.map((error) => {
        const field = contractField(error);
        return {
          row: error.index === undefined ? 0 : (read.points[error.index]?.row ?? 0),
          column: field ? (read.headers.get(field) ?? columnHeader(locale, field)) : '',
          message: tableErrorText(locale, error, dataTypes, incoming),
        };
      }),
    );
  }
  const names = new Map(dataTypes.map((t) => [t.id, t.name]));
  return db.transaction().execute(async (trx) => {
    const version = await lockVersion(trx, versionId);
    const current = await versionPoints(trx, version.versionId, locale);
    const counts = await replaceTable(trx, version.versionId, current, incoming, names, maker);
    if (counts.added + counts.updated + counts.removed > 0) await touchProtocol(trx, version.protocolId, maker.name);
    return counts;
  });
}
