import type { PointFields } from '@dcc/contract';

/**
 * The text of the list cells of the point sheet (docs/point-excel.md): one item per line, the key
 * before '=', the parts after it separated by '/'. A '/' or '\' inside a part is written '\/' or
 * '\\', a line break '\n'.
 *   enum items        value=label/English label/description      0=关机/Off
 *   binary items      bit=code/content/English content           0=compressor/压缩机/Compressor
 *   fault definitions code=level/bit N or value N/description/English description    E01=2/bit 0/水流故障/Water flow
 */

type EnumItem = PointFields['enumItems'][number];
type BinaryItem = PointFields['binaryItems'][number];
type FaultDefinition = PointFields['faultDefinitions'][number];

export const LIST_FORMATS = {
  enumItems: 'value=label/English label/description',
  binaryItems: 'bit=code/content/English content',
  faultDefinitions: 'code=level/bit N|value N/description/English description',
} as const;
export type ListField = keyof typeof LIST_FORMATS;

const escapePart = (text: string) => text.replace(/\\/g, '\\\\').replace(/\//g, '\\/').replace(/\r?\n/g, '\\n');

/** Joins parts with '/', dropping empty parts at the end. */
function line(key: string | number, parts: readonly string[]): string {
  const kept = [...parts];
  while (kept.length > 1 && kept[kept.length - 1] === '') kept.pop();
  return `${key}=${kept.map(escapePart).join('/')}`;
}

export function writeEnumItems(items: readonly EnumItem[]): string {
  return items.map((i) => line(i.value, [i.label, i.enLabel, i.description])).join('\n');
}

export function writeBinaryItems(items: readonly BinaryItem[]): string {
  return items.map((i) => line(i.bit, [i.code, i.content, i.enContent])).join('\n');
}

export function writeFaultDefinitions(items: readonly FaultDefinition[]): string {
  return items
    .map((f) =>
      line(f.faultCode, [
        String(f.level),
        f.bit !== null ? `bit ${f.bit}` : f.value !== null ? `value ${f.value}` : '',
        f.description,
        f.enDescription,
      ]),
    )
    .join('\n');
}

/** Splits the text after '=' into parts at unescaped '/', undoing the escapes. */
function splitParts(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      const next = text[++i]!;
      current += next === 'n' ? '\n' : next;
    } else if (c === '/') {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim());
}

/** A number when the text is one, else the text itself (so the schema names the bad value). */
const numberOr = (text: string): number | string =>
  text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

export type ListResult = { ok: true; items: unknown[] } | { ok: false; line: number };

function parseLines(text: string, item: (key: string, parts: string[]) => unknown): ListResult {
  const items: unknown[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    const at = raw.indexOf('=');
    if (at < 0) return { ok: false, line: index + 1 };
    const parsed = item(raw.slice(0, at).trim(), splitParts(raw.slice(at + 1)));
    if (parsed === undefined) return { ok: false, line: index + 1 };
    items.push(parsed);
  }
  return { ok: true, items };
}

const BIT_OR_VALUE = /^(bit|value|位|值)\s*[:=]?\s*(-?\d+)$/i;

/** Reads a list cell; item values the schema checks later (a bad value stays text and is named there). */
export function parseList(field: ListField, text: string): ListResult {
  switch (field) {
    case 'enumItems':
      return parseLines(text, (key, [label = '', enLabel = '', description = '']) => ({
        value: numberOr(key),
        label,
        enLabel,
        description,
      }));
    case 'binaryItems':
      return parseLines(text, (key, [code = '', content = '', enContent = '']) => ({
        bit: numberOr(key),
        code,
        content,
        enContent,
      }));
    case 'faultDefinitions':
      return parseLines(text, (key, [level = '', where = '', description = '', enDescription = '']) => {
        const match = BIT_OR_VALUE.exec(where);
        if (where !== '' && !match) return undefined;
        const isBit = match ? /^(bit|位)$/i.test(match[1]!) : false;
        const number = match ? Number(match[2]) : null;
        return {
          faultCode: key,
          level: numberOr(level),
          bit: isBit ? number : null,
          value: match && !isBit ? number : null,
          description,
          enDescription,
        };
      });
  }
}
