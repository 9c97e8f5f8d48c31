// Parses import workbooks off the main thread (issue 8 item 9), one job at a time: the caller gives
// it a memory limit and a deadline, so a hostile file costs this worker, never the server's event loop.
// Plain JavaScript so that it runs without a TypeScript loader in production and in tests.
import { parentPort } from 'node:worker_threads';
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';

const ROW_TAG = /<(?:\w+:)?row[\s>]/g;

/** Rows of each worksheet counted in its XML before SheetJS parses anything (a dimension can lie). */
function countRows(bytes, sheets, maxInflatedBytes) {
  let most = 0;
  for (const sheet of sheets) {
    const stored = Buffer.from(bytes.buffer, bytes.byteOffset + sheet.start, sheet.length);
    const xml = (sheet.method === 0 ? stored : zlib.inflateRawSync(stored, { maxOutputLength: maxInflatedBytes })).toString('latin1');
    most = Math.max(most, xml.match(ROW_TAG)?.length ?? 0);
  }
  return most;
}

function parse(bytes, maxRows, maxInflatedBytes, sheets) {
  let rows;
  try {
    rows = countRows(bytes, sheets, maxInflatedBytes);
  } catch (error) {
    return { ok: false, reason: error && error.code === 'ERR_BUFFER_TOO_LARGE' ? 'tooBig' : 'unreadable' };
  }
  if (rows > maxRows) return { ok: false, reason: 'tooManyRows', rows };
  let book;
  try {
    // Only the first sheet, and never more rows than allowed (an .xls has no XML to count first).
    book = XLSX.read(bytes, { type: 'buffer', dense: true, cellFormula: false, cellHTML: false, cellText: false, sheets: 0, sheetRows: maxRows + 1 });
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
  parentPort.postMessage(parse(bytes, job.maxRows, job.maxInflatedBytes, job.sheets));
});
