import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { versionId } from './common.ts';

/**
 * Excel import and export of a version's point table (.xls or .xlsx, at most 10 MB). The export is
 * the whole table; importing a file replaces the whole table (points missing from the file are
 * deleted), so export then import gives the same table. A bad file is refused whole: error
 * POINT_IMPORT_INVALID, whose envelope carries `objectResult: { problems }` naming each bad row and
 * column; nothing is stored.
 */

export const EXCEL_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const EXCEL_EXTENSIONS = ['.xls', '.xlsx'] as const;

/** One problem of an imported file: the sheet row (1-based, as Excel shows it), the column header, the message. */
export const importProblem = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof importProblem>;
/** objectResult of the POINT_IMPORT_INVALID error envelope (at most 200 problems are listed). */
export const importRefusal = z.object({ problems: z.array(importProblem), problemCount: z.number().int() });
export type ImportRefusal = z.infer<typeof importRefusal>;

export const exportPoints = defineCall({
  path: `${CLOUD_API}/point/export`,
  description: "A version's whole point table as an .xlsx file (base64), headers in the caller's language.",
  auth: 'session',
  button: Button.PROTOCOLS,
  request: z.object({ versionId }).strict(),
  response: z.object({ fileName: z.string(), contentBase64: z.string(), pointCount: z.number().int() }),
});

/** Multipart: fields versionId (and the context fields) first, then `file`. */
export const importPoints = defineCall({
  path: `${CLOUD_API}/point/import`,
  description:
    "Replaces the version's table with the file's (all or nothing); the history records each added, changed and removed point.",
  auth: 'session',
  button: Button.PROTOCOLS,
  catalogWrite: true,
  request: z.object({ versionId }).strict(),
  response: z.object({
    total: z.number().int(),
    added: z.number().int(),
    updated: z.number().int(),
    removed: z.number().int(),
    unchanged: z.number().int(),
  }),
});
