import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * An .xlsx workbook of one sheet written row by row to a stream: a zip whose entries carry data
 * descriptors, the sheet deflated as it goes, so memory holds one row batch whatever the row count.
 * Cells are numbers or inline strings (no shared-string table to keep). No zip64: up to 4 GB.
 */

export type Cell = string | number | null;

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
/** Bit 3: sizes and CRC follow the data; bit 11: UTF-8 names. */
const FLAGS = 0x0808;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const escapeXml = (text: string): string =>
  // Characters XML 1.0 cannot hold at all are dropped; the rest are escaped.
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(rowNumber: number, cells: readonly Cell[]): string {
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((cell, index) => {
    const ref = `${columnName(index)}${rowNumber}`;
    if (typeof cell === 'number' && Number.isFinite(cell)) xml += `<c r="${ref}"><v>${cell}</v></c>`;
    else if (cell !== null && cell !== '') xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(cell))}</t></is></c>`;
  });
  return `${xml}</row>`;
}

const FIXED_ENTRIES = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  ],
  [
    'xl/styles.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills>' +
      '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="1"><xf/></cellXfs></styleSheet>',
  ],
];

export class XlsxStreamWriter {
  private readonly entries: Written[] = [];
  private offset = 0;
  private rowNumber = 0;
  private sheet: { deflate: ReturnType<typeof createDeflateRaw>; crc: number; size: number; compressed: number; entry: Written; done: Promise<void> } | null = null;

  constructor(
    private readonly out: Writable,
    private readonly sheetName: string,
  ) {}

  private async write(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  private localHeader(name: Buffer): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt16LE(name.length, 26);
    return Buffer.concat([header, name]);
  }

  private async finishEntry(entry: Written): Promise<void> {
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
    this.entries.push(entry);
  }

  private async smallEntry(name: string, text: string): Promise<void> {
    const bytes = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(bytes);
    const entry: Written = { name: Buffer.from(name, 'utf8'), crc: crc32(bytes), compressed: packed.length, size: bytes.length, offset: this.offset };
    await this.write(this.localHeader(entry.name));
    await this.write(packed);
    await this.finishEntry(entry);
  }

  /** Opens the sheet; rows follow with addRows. */
  async start(): Promise<void> {
    for (const [name, text] of FIXED_ENTRIES(this.sheetName)) await this.smallEntry(name, text);
    const entry: Written = { name: Buffer.from('xl/worksheets/sheet1.xml', 'utf8'), crc: 0, compressed: 0, size: 0, offset: this.offset };
    await this.write(this.localHeader(entry.name));
    const deflate = createDeflateRaw();
    const sheet = { deflate, crc: 0, size: 0, compressed: 0, entry, done: Promise.resolve() };
    sheet.done = new Promise<void>((resolve, reject) => {
      deflate.on('data', (chunk: Buffer) => {
        sheet.compressed += chunk.length;
        this.offset += chunk.length;
        if (!this.out.write(chunk)) {
          deflate.pause();
          this.out.once('drain', () => deflate.resume());
        }
      });
      deflate.on('end', resolve);
      deflate.on('error', reject);
    });
    this.sheet = sheet;
    await this.sheetText('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
  }

  private async sheetText(text: string): Promise<void> {
    const sheet = this.sheet!;
    const bytes = Buffer.from(text, 'utf8');
    sheet.crc = crc32(bytes, sheet.crc);
    sheet.size += bytes.length;
    if (!sheet.deflate.write(bytes)) await once(sheet.deflate, 'drain');
  }

  /** Appends rows to the sheet. */
  async addRows(rows: readonly (readonly Cell[])[]): Promise<void> {
    let xml = '';
    for (const cells of rows) xml += rowXml((this.rowNumber += 1), cells);
    await this.sheetText(xml);
  }

  /** Closes the sheet and writes the zip's central directory; the output stream is ended. */
  async finish(): Promise<void> {
    const sheet = this.sheet!;
    await this.sheetText('</sheetData></worksheet>');
    sheet.deflate.end();
    await sheet.done;
    await this.finishEntry({ ...sheet.entry, crc: sheet.crc, compressed: sheet.compressed, size: sheet.size });
    const directoryStart = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(CENTRAL, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(FLAGS, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt16LE(DOS_DATE, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      record.writeUInt32LE(entry.offset, 42);
      await this.write(Buffer.concat([record, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - directoryStart, 12);
    end.writeUInt32LE(directoryStart, 16);
    this.out.write(end);
    this.out.end();
    await once(this.out, 'finish');
  }
}
