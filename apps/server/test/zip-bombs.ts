import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { entryBytes, zipEntries } from '../src/modules/point-excel/zip-entries.ts';

const MB = 1024 * 1024;

/** A zip archive of the given files (deflated unless given as raw deflate data already), with its central directory. */
export function zipOf(
  files: Array<{ name: string; data?: Buffer; deflated?: { bytes: Buffer; size: number } }>,
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const compressed = file.deflated?.bytes ?? zlib.deflateRawSync(file.data!);
    const size = file.deflated?.size ?? file.data!.length;
    const crc = file.data ? zlib.crc32(file.data) : 0;
    const name = Buffer.from(file.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The files of a small real workbook (SheetJS, stored uncompressed; with a shared-strings file when `sharedStrings`), by name. */
export function workbookFiles(rows: unknown[][], options: { sharedStrings?: boolean } = {}): Map<string, Buffer> {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const bytes = XLSX.write(book, {
    type: 'buffer',
    bookType: 'xlsx',
    compression: false,
    bookSST: options.sharedStrings ?? false,
  }) as Buffer;
  return new Map(zipEntries(bytes)!.map((entry) => [entry.name, Buffer.from(entryBytes(bytes, entry)!)]));
}

/**
 * `megabytes` MB of spaces as raw deflate data built without compressing them: one 1 MB block
 * flushed to a byte boundary (no back references across it), repeated, then an empty final block.
 */
function deflatedSpaces(megabytes: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(MB, 0x20), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])]);
}

/**
 * The workbook `files` with the XML file `name` followed by `megabytes` MB of whitespace before its
 * closing tag (still valid XML), its directory declaring `declared` bytes for it.
 */
export function inflatingBomb(files: Map<string, Buffer>, name: string, megabytes: number, declared: number): Buffer {
  const xml = files.get(name)!.toString('utf8');
  const closing = xml.lastIndexOf('</');
  // The file is its head, then the spaces, then the closing tag: three deflate pieces in one stream.
  const head = zlib.deflateRawSync(Buffer.from(xml.slice(0, closing)), { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const spaces = deflatedSpaces(megabytes);
  const tail = zlib.deflateRawSync(Buffer.from(xml.slice(closing)));
  const deflated = Buffer.concat([head, spaces.subarray(0, spaces.length - 2), tail]);
  return zipOf(
    [...files].map(([file, data]) =>
      file === name ? { name: file, deflated: { bytes: deflated, size: declared } } : { name: file, data },
    ),
  );
}

/** A workbook of `header` and then `count` rows of two cells (number and text), its dimension declaring them all. */
export function manyRowsWorkbook(header: unknown[], count: number): Buffer {
  const files = workbookFiles([header]);
  const sheetName = 'xl/worksheets/sheet1.xml';
  const rows = Array.from(
    { length: count },
    (_, i) =>
      `<row r="${i + 2}"><c r="A${i + 2}"><v>${i}</v></c><c r="B${i + 2}" t="inlineStr"><is><t>p${i}</t></is></c></row>`,
  ).join('');
  const sheet = files
    .get(sheetName)!
    .toString('utf8')
    .replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="A1:E${count + 1}"/>`);
  files.set(sheetName, Buffer.from(sheet.replace('</sheetData>', `${rows}</sheetData>`)));
  return zipOf([...files].map(([name, data]) => ({ name, data })));
}
