import { ErrorCode, MAX_IMPORT_DEVICES, translate, type ImportProblem, type Locale } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../../auth/permission-repo.ts';
import type { DB } from '../../../db/schema.ts';
import type { UploadedFile } from '../../../http/call-route.ts';
import type { Operator } from '../../device-commands/index.ts';
import { insertDevices } from '../../device-writer/index.ts';
import { ownerInSubtree } from '../../managed-accounts/index.ts';
import { isCityLevelOf, isProvince } from '../../nation/index.ts';
import { fileRefused, importRefusal, parseWorkbook } from '../../point-excel/index.ts';
import { newDeviceSecret, type SecretBox } from '../secret-box.ts';
import { takenRefusal } from '../../../http/unique-violations.ts';
import { readDeviceSheet, type DeviceSheet, type SheetDevice } from './read.ts';

export interface ImportedDevices {
  imported: number;
  devices: Array<{ deviceId: string; deviceCode: string; deviceSecret: string }>;
}

const refuse = (locale: Locale, problems: ImportProblem[]) =>
  importRefusal(locale, problems, ErrorCode.DEVICE_IMPORT_INVALID, 'deviceCommands.error.importInvalid');
const distinct = (values: string[]): string[] => [...new Set(values.filter((value) => value !== ''))];

/** What the rows name, looked up at once: products by name, English name or key, dealers of the subtree by code, IoT codes and SNs already registered. */
async function lookups(db: Kysely<DB>, scope: DealerScope, devices: readonly SheetDevice[]) {
  const products = distinct(devices.map((d) => d.product));
  const dealerCodes = distinct(devices.map((d) => d.dealerCode));
  const codes = devices.map((d) => d.deviceCode);
  const sns = distinct(devices.map((d) => d.sn));
  const [productRows, dealerRows, codeRows, snRows] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'name', 'en_name', 'product_key'])
      .where((eb) =>
        eb.or([eb('name', 'in', products), eb('en_name', 'in', products), eb('product_key', 'in', products)]),
      )
      .execute(),
    dealerCodes.length
      ? db
          .selectFrom('dealers as d')
          .select(['d.id', 'd.code'])
          .where('d.code', 'in', dealerCodes)
          .where(ownerInSubtree(scope, 'd'))
          .execute()
      : [],
    db.selectFrom('devices').select('device_code').where('device_code', 'in', codes).execute(),
    sns.length ? db.selectFrom('devices').select('sn').where('sn', 'in', sns).execute() : [],
  ]);
  const productOf = new Map<string, string>();
  for (const p of productRows) productOf.set(p.product_key, p.id);
  // A name (the English one as the English console shows it, the Chinese one winning) wins over another product's key.
  for (const p of productRows) if (p.en_name) productOf.set(p.en_name, p.id);
  for (const p of productRows) productOf.set(p.name, p.id);
  return {
    productOf,
    dealerOf: new Map(dealerRows.map((d) => [d.code, d.id])),
    takenCodes: new Set(codeRows.map((r) => r.device_code)),
    takenSns: new Set(snRows.map((r) => r.sn)),
  };
}

/** Problems of rows whose product, dealer, province or city is unknown, or whose IoT code or SN is registered already. */
function registryProblems(
  sheet: DeviceSheet,
  found: Awaited<ReturnType<typeof lookups>>,
  locale: Locale,
): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const problem = (
    row: number,
    field: Parameters<DeviceSheet['headerOf']>[0],
    key: string,
    params: Record<string, string | number> = {},
  ) =>
    problems.push({
      row,
      column: sheet.headerOf(field),
      message: translate(locale, key, { column: sheet.headerOf(field), ...params }),
    });
  for (const d of sheet.devices) {
    if (found.takenCodes.has(d.deviceCode)) problem(d.row, 'deviceCode', 'deviceCommands.import.taken');
    if (d.sn !== '' && found.takenSns.has(d.sn)) problem(d.row, 'sn', 'deviceCommands.import.taken');
    if (!found.productOf.has(d.product))
      problem(d.row, 'product', 'deviceCommands.import.unknownProduct', { name: d.product });
    if (d.dealerCode !== '' && !found.dealerOf.has(d.dealerCode))
      problem(d.row, 'dealerCode', 'deviceCommands.import.unknownDealer', { code: d.dealerCode });
    if (d.province !== '' && !isProvince(d.province))
      problem(d.row, 'province', 'organization.error.areaUnknown', { code: d.province });
    else if (d.city !== '' && !isCityLevelOf(d.province, d.city))
      problem(d.row, 'city', 'organization.error.areaUnknown', { code: d.city });
  }
  return problems;
}

/**
 * Registers every device of an Excel file for the scope's company or the dealers of its subtree the
 * rows name, all or nothing in one transaction; each gets a secret, answered once. Any problem (cell
 * format, repeat within the file, IoT code or SN registered already, unknown product or dealer)
 * refuses the whole file with every problem by row and column in the caller's language.
 */
export async function importScopedDevices(
  db: Kysely<DB>,
  box: SecretBox,
  scope: DealerScope,
  operator: Operator,
  file: UploadedFile,
  locale: Locale,
  /** Told, once committed, the owners of the devices added (their counts moved). */
  onOwners?: (dealerIds: string[]) => void,
): Promise<ImportedDevices> {
  const sheet = readDeviceSheet(locale, await parseWorkbook(locale, file.fileName, file.bytes));
  const rows = sheet.devices.length + new Set(sheet.problems.map((p) => p.row)).size;
  if (rows === 0) throw fileRefused(locale, 'deviceCommands.import.noRows');
  if (rows > MAX_IMPORT_DEVICES)
    throw fileRefused(locale, 'deviceCommands.import.tooManyRows', { max: MAX_IMPORT_DEVICES });
  if (sheet.problems.length) throw refuse(locale, sheet.problems);
  let owners: string[] = [];
  try {
    const imported = await db.transaction().execute(async (trx) => {
      const found = await lookups(trx, scope, sheet.devices);
      const problems = registryProblems(sheet, found, locale);
      if (problems.length) throw refuse(locale, problems);
      const secrets = sheet.devices.map(() => newDeviceSecret());
      const rows = sheet.devices.map((d, i) => ({
        device_code: d.deviceCode,
        device_name: d.deviceName,
        product_id: found.productOf.get(d.product)!,
        sn: d.sn,
        model: d.model,
        address: d.address,
        province_code: d.province,
        city_code: d.city,
        dealer_id: d.dealerCode === '' ? scope.dealerId : found.dealerOf.get(d.dealerCode)!,
        secret_box: box.seal(secrets[i]!),
      }));
      const log = {
        operator,
        action: 'import',
        request: { fileName: file.fileName },
        summary: file.fileName,
        changes: [{ field: 'file', from: null, to: file.fileName }],
      } as const;
      const inserted = await insertDevices(trx, rows, log);
      owners = rows.map((row) => row.dealer_id);
      const secretOf = new Map(sheet.devices.map((d, i) => [d.deviceCode, secrets[i]!]));
      return {
        imported: inserted.length,
        devices: inserted.map((d) => ({ ...d, deviceSecret: secretOf.get(d.deviceCode)! })),
      };
    });
    onOwners?.(owners);
    return imported;
  } catch (error) {
    // A concurrent writer registered one of the codes or SNs after the check: refused like the check would.
    const field = takenRefusal(error)?.field;
    if (field !== 'deviceCode' && field !== 'sn') throw error;
    throw refuse(locale, [
      {
        row: 0,
        column: sheet.headerOf(field),
        message: translate(locale, 'deviceCommands.import.taken', { column: sheet.headerOf(field) }),
      },
    ]);
  }
}
