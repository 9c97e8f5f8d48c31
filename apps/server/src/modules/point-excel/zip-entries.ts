/** One file of a zip archive as its central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's local header starts. */
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_MARK = 0xffffffff;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const EOCD_SEARCH = 22 + 0xffff;

/**
 * The entries of a zip archive read from its central directory, without inflating anything; null
 * when the archive is unreadable or zip64 (an .xlsx of at most 10 MB never needs zip64).
 */
export function zipEntries(bytes: Buffer): ZipEntry[] | null {
  // The last end signature, found as SheetJS finds it (scanning back from the very end): the parser
  // must read the same directory as this check, or a second directory could hide a bomb.
  let end = -1;
  for (let at = bytes.length - 4; at >= Math.max(0, bytes.length - EOCD_SEARCH); at--) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0 || end + 22 > bytes.length) return null;
  // SheetJS reads the count of this disk's entries, this check the total: they must agree.
  const count = bytes.readUInt16LE(end + 10);
  if (bytes.readUInt16LE(end + 8) !== count) return null;
  let at = bytes.readUInt32LE(end + 16);
  if (at === ZIP64_MARK || count === 0xffff) return null;
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (
      entry.compressedSize === ZIP64_MARK ||
      entry.uncompressedSize === ZIP64_MARK ||
      entry.localHeaderOffset === ZIP64_MARK
    )
      return null;
    entries.push(entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * The stored (possibly compressed) bytes of an entry, or null when its local header is not where the
 * directory says or names another method (SheetJS inflates by the local header's method).
 */
export function entryBytes(bytes: Buffer, entry: ZipEntry): Buffer | null {
  const at = entry.localHeaderOffset;
  if (
    at + 30 > bytes.length ||
    bytes.readUInt32LE(at) !== LOCAL_SIGNATURE ||
    bytes.readUInt16LE(at + 8) !== entry.method
  )
    return null;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const stop = start + entry.compressedSize;
  return stop > bytes.length ? null : bytes.subarray(start, stop);
}
