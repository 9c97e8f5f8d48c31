// Parses import workbooks off the main thread (issue 8 item 9), one job at a time: the caller gives
// it a memory limit and a deadline, so a hostile file costs this worker, never the server's event loop.
// Plain JavaScript so that it runs without a TypeScript loader in production and in tests.
import { parentPort } from 'node:worker_threads';
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';

const ROW_TAG = /<(?:\w+:)?row[\s>]/g;

/**
 * Inflates every entry of an .xlsx with one budget for all, counted while inflating: the first byte
 * past it stops the inflation (ERR_BUFFER_TOO_LARGE), whatever the directory declared. SheetJS then
 * reads the same entries, so it can inflate no more than was counted here. Answers the most rows
 * of a worksheet, counted in its XML before SheetJS parses anything (a dimension can lie).
 */
function inflateWithin(bytes, entries, maxInflatedBytes) {
  let left = maxInflatedBytes;
  let most = 0;
  for (const entry of entries) {
    const stored = Buffer.from(bytes.buffer, bytes.byteOffset + entry.start, entry.length);
    const data = entry.method === 0 ? stored : zlib.inflateRawSync(stored, { maxOutputLength: Math.max(1, left) });
    left -= data.length;
    if (left < 0) throw Object.assign(new Error('inflated past the budget'), { code: 'ERR_BUFFER_TOO_LARGE' });
    if (entry.worksheet) most = Math.max(most, data.toString('latin1').match(ROW_TAG)?.length ?? 0);
  }
  return most;
}

function parse(bytes, maxRows, maxInflatedBytes, entries) {
  let rows;
  try {
    rows = inflateWithin(bytes, entries, maxInflatedBytes);
  } catch (error) {
    return { ok: false, reason: error && error.code === 'ERR_BUFFER_TOO_LARGE' ? 'tooBig' : 'unreadable' };
  }
  if (rows > maxRows) return { ok: false, reason: 'tooManyRows', rows };
  let book;
  try {
    // Only the first sheet, and never more rows than allowed (an .xls has no XML to count first).
    book = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      sheets: 0,
      sheetRows: maxRows + 1,
    });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (!sheet) return { ok: false, reason: 'noSheet' };
  const full = sheet['!fullref'] ?? sheet['!ref'];
  const range = full ? XLSX.utils.decode_range(full) : null;
  const declared = range ? range.e.r - range.s.r + 1 : 0;
  if (declared > maxRows) return { ok: false, reason: 'tooManyRows', rows: declared };
  const start = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']).s.r : 0;
  const grid = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, blankrows: true, defval: '' });
  return { ok: true, grid, firstRow: start + 1 };
}

parentPort.on('message', (job) => {
  // A Buffer arrives as a plain Uint8Array: view the same memory as a Buffer again.
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  parentPort.postMessage(parse(bytes, job.maxRows, job.maxInflatedBytes, job.entries));
});
