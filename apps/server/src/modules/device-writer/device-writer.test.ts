import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The one-writer rule (SECURITY.md "Every change to a device is logged"): only modules/device-writer
 * writes the devices table and its bindings, so that no write can leave out its operation log entry.
 * The ingest writes what the device itself reports (presence, heartbeat) in its own named writers,
 * and only those columns; the demo seed creates its fleet directly.
 */

const SRC = path.resolve(import.meta.dirname, '../..');
const DEVICE_TABLES = ['devices', 'device_customers', 'device_sn_bindings', 'device_macs', 'device_topology'];
const WRITER = 'modules/device-writer/';
/** The ingest's writers of device-reported columns, and those columns: connection, presence status, signal, last online time. */
const DEVICE_REPORTED_WRITERS = ['ingest/presence/presence-writes.ts', 'ingest/pipeline/device-touch.ts'];
const DEVICE_REPORTED_COLUMNS = [
  'connected',
  'connection_id',
  'connected_at',
  'last_online_at',
  'offline_code',
  'status',
  'signal',
  'dtu_link',
];
const SEED = 'db/seed/';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const tables = DEVICE_TABLES.join('|');
const BUILDER_WRITE = new RegExp(
  `\\b(updateTable|insertInto|deleteFrom|mergeInto|replaceInto)\\(\\s*['"\`](${tables})(\\s+as\\s+\\w+)?['"\`]`,
  'g',
);
const RAW_WRITE = new RegExp(`\\b(update|insert\\s+into|delete\\s+from|merge\\s+into)\\s+(${tables})\\b`, 'gi');

/** Every write of a device table in the server's sources: file (relative to src) and the statement's start. */
export function deviceTableWrites(
  files: readonly string[],
): Array<{ file: string; write: string; raw: boolean; text: string; at: number }> {
  return files.flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const rel = path.relative(SRC, file).split(path.sep).join('/');
    return [
      ...[...text.matchAll(BUILDER_WRITE)].map((m) => ({ file: rel, write: m[0], raw: false, text, at: m.index })),
      ...[...text.matchAll(RAW_WRITE)].map((m) => ({ file: rel, write: m[0], raw: true, text, at: m.index })),
    ];
  });
}

/** The columns a raw `update devices ... set a = ..., b = ... from|where` assigns (top-level commas only). */
function assignedColumns(text: string, at: number): string[] {
  const clause = /\bset\b([\s\S]*?)\b(from|where|returning)\b/i.exec(text.slice(at))?.[1] ?? '';
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of clause) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((part) => /^\s*(\w+)\s*=/.exec(part)?.[1] ?? `?${part.trim()}`);
}

describe('the one writer of devices and their bindings', () => {
  const writes = deviceTableWrites(sources(SRC));

  it('finds the writes it polices (the scan itself works)', () => {
    expect(writes.some((w) => w.file.startsWith(WRITER) && w.write.includes("updateTable('devices'"))).toBe(true);
    expect(writes.filter((w) => DEVICE_REPORTED_WRITERS.includes(w.file)).length).toBeGreaterThanOrEqual(3);
  });

  it('is modules/device-writer: no other file writes devices, customers, barcodes, MACs or gateways', () => {
    const elsewhere = writes.filter(
      (w) =>
        !w.file.startsWith(WRITER) &&
        !w.file.startsWith(SEED) &&
        !(w.raw && DEVICE_REPORTED_WRITERS.includes(w.file) && /^update\s+devices$/i.test(w.write)),
    );
    expect(elsewhere.map((w) => `${w.file}: ${w.write}`)).toEqual([]);
  });

  it('leaves the ingest only the columns a device reports', () => {
    const reported = writes.filter((w) => DEVICE_REPORTED_WRITERS.includes(w.file));
    for (const write of reported)
      expect(
        assignedColumns(write.text, write.at).filter((column) => !DEVICE_REPORTED_COLUMNS.includes(column)),
        write.file,
      ).toEqual([]);
  });

  it("takes a log entry in every write of a device (a MAC that names no device is the pool's)", () => {
    for (const name of fs
      .readdirSync(path.join(SRC, WRITER))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'mac-pool.ts')) {
      const text = fs.readFileSync(path.join(SRC, WRITER, name), 'utf8');
      for (const fn of text.matchAll(/export async function (\w+)\(([^)]*)\)/g)) {
        // Helpers of a logged write, and the guard that only reads before one.
        if (['changedFields', 'logChanges', 'assertProjectsKept'].includes(fn[1]!)) continue;
        expect(fn[2], `${name} ${fn[1]}`).toMatch(/\blog: ChangeLog\b/);
      }
    }
  });
});
