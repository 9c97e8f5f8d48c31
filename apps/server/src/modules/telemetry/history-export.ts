import ExcelJS from 'exceljs';
import { localName, translate, type Locale } from '@dcc/contract';
import type { DevicePoint } from './current-points.ts';
import type { PointHistory } from './history-repo.ts';

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** An instant (ISO text or epoch ms) as China wall-clock time 'YYYY-MM-DD HH:mm:ss', the time the console shows. */
const chinaTime = (instant: string | number): string =>
  new Date((typeof instant === 'number' ? instant : Date.parse(instant)) + CHINA_OFFSET_MS)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');

/** One column head per address: the point's name in the caller's language and its unit, or the bare address for a point the table no longer has. */
function header(locale: Locale, address: number, point: DevicePoint | undefined): string {
  if (!point) return String(address);
  const name = localName(locale, point.name, point.enName);
  return point.unit ? `${name} (${point.unit})` : name;
}

/** The curve's range as an .xlsx workbook: a time column (China time) and one column per address, oldest row first. */
export async function historyWorkbook(
  locale: Locale,
  history: PointHistory,
  points: readonly DevicePoint[],
): Promise<Buffer> {
  const byAddress = new Map(points.map((p) => [p.address, p]));
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Curve');
  sheet.columns = [
    { header: translate(locale, 'telemetry.export.time'), width: 20 },
    ...history.addressList.map(({ address }) => ({
      header: header(locale, address, byAddress.get(address)),
      width: 18,
    })),
  ];
  history.times.forEach((time, row) =>
    sheet.addRow([chinaTime(time), ...history.addressList.map(({ valueList }) => valueList[row] ?? null)]),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The export file's name: IoT code and the range's China days. */
export function historyFileName(deviceCode: string, start: string, end: string): string {
  return `${deviceCode}_${chinaTime(start).slice(0, 10)}_${chinaTime(end).slice(0, 10)}.xlsx`.replace(/[^\w.-]/g, '_');
}
