import { describe, expect, it } from 'vitest';
import { zipOf } from '../../../test/zip-bombs.ts';
import { entryBytes, zipEntries } from './zip-entries.ts';

const archive = () =>
  zipOf([
    { name: 'a.xml', data: Buffer.from('<a/>') },
    { name: 'b.xml', data: Buffer.from('<b/>') },
  ]);

describe('zip entries as the workbook parser reads them', () => {
  it('reads the entries of a plain archive', () => {
    const bytes = archive();
    const entries = zipEntries(bytes)!;
    expect(entries.map((entry) => entry.name)).toEqual(['a.xml', 'b.xml']);
    expect(entries.every((entry) => entryBytes(bytes, entry) !== null)).toBe(true);
  });

  it('refuses an end record whose two entry counts disagree (SheetJS reads the other one)', () => {
    const bytes = archive();
    bytes.writeUInt16LE(5, bytes.length - 22 + 8);
    expect(zipEntries(bytes)).toBeNull();
  });

  it('refuses an end signature too close to the end to be a record (SheetJS would take it, this check an earlier one)', () => {
    const bytes = Buffer.concat([archive(), Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0])]);
    expect(zipEntries(bytes)).toBeNull();
  });

  it('refuses an entry whose local header names another method than the directory', () => {
    const bytes = archive();
    const [first] = zipEntries(bytes)!;
    bytes.writeUInt16LE(0, first!.localHeaderOffset + 8);
    expect(entryBytes(bytes, first!)).toBeNull();
  });
});
