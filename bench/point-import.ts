/**
 * Point import benchmark (issue 4): a 2,000-point .xlsx imported through the real server over HTTP
 * (multipart, after a real sign-in), end to end: upload, parse, per-row schema check, whole-table
 * compile, diff by address and the bulk writes with their history rows. Target: under 2 s.
 *
 *   node --import tsx bench/point-import.ts                                                        # PGlite (in memory)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/point-import.ts   # PostgreSQL
 *
 * BENCH_RUNS (default 7) sets the runs of each kind: a full import into an empty version (2,000
 * points added) and a re-import into a full version where 1,000 of the 2,000 points changed.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Button, addProtocol, importPoints, login, translate, type ProtocolDetail } from '@dcc/contract';
import * as XLSX from '@e965/xlsx';
import { buildApp } from '../apps/server/src/app.ts';
import { md5Hex } from '../apps/server/src/auth/password.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo.ts';
import { POINT_FIELD_NAMES } from '../apps/server/src/modules/points/point-row.ts';
import { newDealer, newMember, newUser } from '../apps/server/test/factories.ts';
import { createScratchDatabase } from '../apps/server/test/test-database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const POINTS = 2000;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `n=${sorted.length} median ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms`;
}

/** One sheet row per point, every kind the console has: numbers with data types and formulas, enums, named bits, faults, $n$ ranges, high/low pairs. */
function pointRow(i: number, variant: number): Record<string, string | number> {
  const address = i * 2 + 1;
  const row: Record<string, string | number> = {
    address,
    pointCode: `p${i}`,
    pointName: `点位${i}`,
    pointEnName: `Point ${i}`,
    mode: i % 3 === 0 ? 'RW' : 'R',
    byteLength: 2,
    dataTypeId: 'signed x0.1',
    unit: '°C',
    valueKind: 'number',
    description: `Register ${address}${variant && i % 2 === 0 ? ', revision B' : ''}`,
    vendorParam: i % 7 === 0 ? 'Yes' : 'No',
    endUserDisplay: 'Yes',
    clientParam: 'No',
    basicInfo: 'No',
    hidden: 'No',
    highLow: 'No',
    faultType: 'No',
  };
  if (i % 10 === 1)
    Object.assign(row, {
      dataTypeId: 'unsigned',
      valueKind: 'enum',
      unit: '',
      enumItems: '0=关/Off\n1=开/On\n2=自动/Auto',
    });
  if (i % 10 === 2)
    Object.assign(row, {
      dataTypeId: 'unsigned',
      valueKind: 'binary',
      unit: '',
      binaryItems: '0=pump/Pump\n1=fan/Fan\n2=heater/Heater',
    });
  if (i % 10 === 3)
    Object.assign(row, {
      dataTypeId: 'unsigned',
      unit: '',
      faultType: 'Yes',
      faultDefinitions: 'E01=2/bit 0/Flow\nE02=3/bit 1/High pressure',
    });
  if (i % 10 === 4)
    Object.assign(row, { valueRange: `0..$${address - 2}$`, reportFormula: 'x + 1', sendFormula: 'x - 1' });
  if (i % 10 === 5)
    Object.assign(row, {
      byteLength: 4,
      highLow: 'Yes',
      highPoint: address,
      lowPoint: address + 1,
      dataTypeId: 'unsigned x0.01',
      unit: 'kWh',
    });
  return row;
}

function workbook(variant: number): Buffer {
  const header = POINT_FIELD_NAMES.map((field) => translate('en-US', `catalog.pointField.${field}`));
  const rows: (string | number)[][] = [header];
  for (let i = 0; i < POINTS; i++) {
    const row = pointRow(i, variant);
    rows.push(POINT_FIELD_NAMES.map((field) => row[field] ?? ''));
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Points');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

async function main(): Promise<void> {
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  const config = {
    ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', SEED_DEMO: 'true' }),
    databaseUrl: scratch?.url ?? null,
    rateLimits: { loginPerIpPerMinute: 0, loginPerAccountPerMinute: 0, codePerIpPerMinute: 0, failuresPerMinute: 0 },
  };
  console.log(
    `engine: ${scratch ? 'PostgreSQL' : 'PGlite (in memory)'}; load average before: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  const { app, database } = await buildApp({ config });
  try {
    const maker = await newDealer(database.db, { level: 0 });
    const user = await newUser(database.db);
    await newMember(database.db, maker, user.id, [Button.PRODUCT_MANAGE, Button.PROTOCOLS]);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const post = async (path: string, payload: Record<string, unknown>) => {
      const response = await fetch(`${address}${path}?language=en_US`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return (await response.json()) as { error_code: number; objectResult: unknown };
    };
    const signIn = (await post(login.path, { name: user.phone, password: md5Hex(DEMO_PASSWORD) })) as {
      objectResult: { xtoken: string };
    };
    const context = { sessionid: signIn.objectResult.xtoken, dealersId: maker };

    const files = [workbook(0), workbook(1)];
    console.log(`file: ${POINTS} points, ${(files[0]!.length / 1024).toFixed(0)} KB .xlsx`);
    let protocolCount = 0;
    const newVersion = async () => {
      const added = await post(addProtocol.path, {
        ...context,
        protocolName: `Bench_${(protocolCount += 1)}`,
        protocolCode: `BENCH-${Date.now().toString(36)}-${protocolCount}`,
      });
      if (added.error_code !== 0) throw new Error(`addProtocol failed: ${JSON.stringify(added)}`);
      return (added.objectResult as ProtocolDetail).versions[0]!.versionId;
    };
    const upload = async (versionId: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('versionId', versionId);
      form.append('file', new Blob([new Uint8Array(bytes)]), 'points.xlsx');
      const begin = performance.now();
      const response = await fetch(`${address}${importPoints.path}?language=en_US`, {
        method: 'POST',
        headers: { sessionid: context.sessionid, dealersid: context.dealersId },
        body: form,
      });
      const body = (await response.json()) as { error_code: number; objectResult: Record<string, number> };
      const elapsed = performance.now() - begin;
      if (body.error_code !== 0) throw new Error(`import failed: ${JSON.stringify(body).slice(0, 500)}`);
      return { elapsed, counts: body.objectResult };
    };

    await upload(await newVersion(), files[0]!); // warm-up
    const full: number[] = [];
    const changed: number[] = [];
    let lastCounts: Record<string, number> = {};
    for (let run = 0; run < RUNS; run++) {
      const versionId = await newVersion();
      const first = await upload(versionId, files[0]!);
      if (first.counts.added !== POINTS) throw new Error(`expected ${POINTS} added: ${JSON.stringify(first.counts)}`);
      full.push(first.elapsed);
      const second = await upload(versionId, files[1]!);
      if (second.counts.updated !== POINTS / 2)
        throw new Error(`expected ${POINTS / 2} updated: ${JSON.stringify(second.counts)}`);
      changed.push(second.elapsed);
      lastCounts = second.counts;
    }
    console.log(`import into an empty version (${POINTS} added): ${summary(full)}`);
    console.log(`re-import, half the points changed (${JSON.stringify(lastCounts)}): ${summary(changed)}`);
    console.log(
      `machine: ${os.cpus().length} cpus, ${os.cpus()[0]?.model ?? '?'}, node ${process.version}, load average after ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await app.close();
    await scratch?.drop();
  }
}

await main();
