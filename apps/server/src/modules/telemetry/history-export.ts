import { localName, translate, zonedDateTime, zonedDay, type Locale } from '@dcc/contract';
import type { DevicePoint } from './current-points.ts';
import type { PointHistory } from './history-repo.ts';

/** One column head per address: the point's name in the caller's language and its unit, or the bare address for a point the table no longer has. */
function header(locale: Locale, address: number, point: DevicePoint | undefined): string {
  if (!point) return String(address);
  const name = localName(locale, point.name, point.enName);
  return point.unit ? `${name} (${point.unit})` : name;
}

/** The curve's range as an .xlsx workbook: a time column (the platform's zone, as the console shows) and one column per address, oldest row first. */
export async function historyWorkbook(
  { locale, timeZone }: { locale: Locale; timeZone: string },
  history: PointHistory,
  points: readonly DevicePoint[],
): Promise<Buffer> {
  const byAddress = new Map(points.map((p) => [p.address, p]));
  const { default: excel } = await import('exceljs'); // loaded by the first export, not with the server
  const book = new excel.Workbook();
  const sheet = book.addWorksheet('Curve');
  sheet.columns = [
    { header: translate(locale, 'telemetry.export.time'), width: 20 },
    ...history.addressList.map(({ address }) => ({
      header: header(locale, address, byAddress.get(address)),
      width: 18,
    })),
  ];
  history.times.forEach((time, row) =>
    sheet.addRow([
      zonedDateTime(time, timeZone),
      ...history.addressList.map(({ valueList }) => valueList[row] ?? null),
    ]),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The export file's name: IoT code and the range's days in the platform's zone. */
export function historyFileName(deviceCode: string, start: string, end: string, timeZone: string): string {
  return `${deviceCode}_${zonedDay(start, timeZone)}_${zonedDay(end, timeZone)}.xlsx`.replace(/[^\w.-]/g, '_');
}
