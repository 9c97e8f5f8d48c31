import ExcelJS from 'exceljs';
import { getLogExport, type CallDef } from '@dcc/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './harness.ts';
import { waitFor } from './until.ts';

type Session = { sessionid: string; dealersId: string };
type Started = { jobId: string; totalRows: number };
type Progress = { state: string; writtenRows: number; totalRows: number; fileName: string; filePath: string | null };

/**
 * Starts a log export (issue 22) as `as`, waits for its end, downloads the file and reads its one sheet: the
 * file's and the sheet's names, the titles, the widths and the rows (each row's cells from the first column).
 */
export async function exportedLog(
  app: FastifyInstance,
  def: CallDef,
  body: Record<string, unknown>,
  as: Session,
  language = 'en_US',
) {
  const started = await call<Started>(app, def, body, { ...as, language });
  expect(started.body.error_code).toBe(0);
  const { jobId, totalRows } = started.body.objectResult!;
  let progress: Progress | undefined;
  await waitFor('the log export to end', async () => {
    progress = (await call<Progress>(app, getLogExport, { jobId }, as)).body.objectResult ?? undefined;
    return progress !== undefined && progress.state !== 'running';
  });
  expect(progress).toMatchObject({ state: 'done', writtenRows: totalRows, totalRows });
  const file = await app.inject({ method: 'GET', url: progress!.filePath! });
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return {
    jobId,
    totalRows,
    fileName: progress!.fileName,
    sheetName: sheet.name,
    header: rows[0] as string[],
    widths: sheet.columns.map((column) => column.width),
    rows: rows.slice(1),
  };
}
