import * as contract from '@dcc/contract';
import type { Locale } from '@dcc/contract';
import type { ShownText } from './screenText.ts';

/** Something a reader should not see on a screen: a key, a code, a name in the other language. */
export interface Finding {
  screen: string;
  text: string;
  column: string;
  why: string;
}

/** Dotted words ending like these are addresses and files, not keys. */
const NOT_A_KEY_END = /\.(com|cn|net|org|io|xlsx?|csv|bin|plcx|png|jpe?g|json|txt|zip)$/i;
const KEY = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z][a-zA-Z0-9]*)+$/;
const CAMEL = /^[a-z]+[A-Z][a-zA-Z0-9]*$/;
/** Unit symbols that look like a camelCase identifier (kWh, kW, mA, kPa): shown with values, in both languages. */
const UNIT_SYMBOL = /^[kmM]?(Wh|W|VA|A|V|Pa|Hz)$/;
const SNAKE = /^([a-z]+(_[a-z0-9]+)+|[A-Z]+(_[A-Z0-9]+)+)$/;
const STATUS_COLUMN = /状态|结果|原因|status|result|outcome|reason|state/i;
const tokens = (text: string) => text.split(/[\s,;:()（）：，；、'"“”/|]+/).filter(Boolean);

/**
 * Every code of the contract's code lists (statuses, outcomes, actions, reasons, fields...): an
 * exported list of identifiers. A screen text equal to one is the code shown in place of its name.
 */
export const CONTRACT_CODES: ReadonlySet<string> = new Set(
  (Object.values(contract) as unknown[])
    .filter((value): value is unknown[] => Array.isArray(value))
    .filter((list) => list.length > 1 && list.every((item) => typeof item === 'string'))
    .flatMap((list) => list as string[])
    .filter((code) => /^[A-Za-z][A-Za-z0-9_]{3,}$/.test(code) && /[a-z][A-Z]|_|^[a-z]+$|^[A-Z]+$/.test(code)),
);

/** Pairs of a catalog name in Chinese and in English (both held and different). */
export type NamePairs = ReadonlyArray<readonly [chinese: string, english: string]>;

/** What the walk finds wrong in the texts of one screen shown in `locale`. */
export function findingsOf(
  locale: Locale,
  screen: string,
  texts: readonly ShownText[],
  names: NamePairs,
  moreThan: string,
  identifierCell: (column: string) => boolean,
  bothNamesCell: (column: string) => boolean = () => false,
): Finding[] {
  const wrongLanguage = new Set(names.map(([chinese, english]) => (locale === 'zh-CN' ? english : chinese)));
  const found: Finding[] = [];
  const add = (shown: ShownText, why: string) => found.push({ screen, text: shown.text, column: shown.column, why });
  for (const shown of texts) {
    if (wrongLanguage.has(shown.text) && !bothNamesCell(shown.column))
      add(shown, 'a catalog name in the other language');
    if (shown.text.includes(moreThan)) add(shown, "'more than N' for a small total");
    if (CONTRACT_CODES.has(shown.text)) add(shown, 'a contract code');
    if (STATUS_COLUMN.test(shown.column) && /^-?\d+$/.test(shown.text)) add(shown, 'a bare number in a status column');
    if (shown.code || identifierCell(shown.column)) continue;
    for (const token of tokens(shown.text)) {
      if (KEY.test(token) && !NOT_A_KEY_END.test(token)) add(shown, `a key (${token})`);
      else if (CAMEL.test(token) && !UNIT_SYMBOL.test(token)) add(shown, `an identifier (${token})`);
      else if (SNAKE.test(token)) add(shown, `an identifier (${token})`);
    }
  }
  return found;
}
