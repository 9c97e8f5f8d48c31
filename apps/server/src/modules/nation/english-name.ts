import { pinyin } from 'pinyin-pro';
import type { RawDivision } from './raw-divisions.ts';

/**
 * The English name of a GB/T 2260 division, as the generator writes it (generate-english-names.ts).
 * Rules: the administrative suffix goes (省, 市, 自治区, 特别行政区, 地区, 盟, 自治州, 自治县, 自治旗, 县, 区,
 * 旗, 林区, 新区, 矿区), and with an autonomous suffix the peoples named before it (广西壮族自治区 → Guangxi,
 * 延边朝鲜族自治州 → Yanbian); when that would leave a single character the suffix stays in the pinyin
 * (忠县 → Zhongxian, 矿区 → Kuangqu). The rest is toneless pinyin written as one word, capitalised,
 * with an apostrophe before a syllable that starts with a, o or e (Xi'an). Conventional English names
 * and readings the pinyin library gets wrong come from ENGLISH_OVERRIDES. Where two divisions of one
 * parent would share a name (临夏市, 临夏县), each says its kind in English: Linxia City, Linxia County.
 */

/** Conventional English names and polyphonic readings, by the name without its suffix. */
export const ENGLISH_OVERRIDES: Readonly<Record<string, string>> = {
  内蒙古: 'Inner Mongolia',
  陕西: 'Shaanxi',
  西藏: 'Tibet',
  香港: 'Hong Kong',
  澳门: 'Macao',
  台湾: 'Taiwan',
  重庆: 'Chongqing',
  长沙: 'Changsha',
  厦门: 'Xiamen',
  蚌埠: 'Bengbu',
  六安: "Lu'an",
  乐山: 'Leshan',
  丽水: 'Lishui',
  亳州: 'Bozhou',
  长春: 'Changchun',
  长治: 'Changzhi',
  台州: 'Taizhou',
  东莞: 'Dongguan',
  曲靖: 'Qujing',
  朝阳: 'Chaoyang',
  番禺: 'Panyu',
  大埔: 'Dabu',
  歙: 'Shexian',
  莘: 'Shenxian',
  单: 'Shanxian',
  铅山: 'Yanshan',
  乐清: 'Yueqing',
  乐亭: 'Laoting',
  六合: 'Luhe',
  蔚: 'Yuxian',
  涡阳: 'Guoyang',
  枞阳: 'Zongyang',
  盱眙: 'Xuyi',
  荥阳: 'Xingyang',
  浚: 'Xunxian',
  尉氏: 'Yushi',
  东阿: "Dong'e",
  句容: 'Jurong',
  黄陂: 'Huangpi',
  牟平: 'Muping',
  洪洞: 'Hongtong',
  井陉: 'Jingxing',
  柞水: 'Zhashui',
  长垣: 'Changyuan',
  会理: 'Huili',
  会泽: 'Huize',
  会昌: 'Huichang',
  筠连: 'Junlian',
  闵行: 'Minhang',
  丰都: 'Fengdu',
  昌都: 'Changdu',
  喀什: 'Kashi',
  成都: 'Chengdu',
  都江堰: 'Dujiangyan',
  都匀: 'Duyun',
  宁都: 'Ningdu',
  都昌: 'Duchang',
  江都: 'Jiangdu',
  花都: 'Huadu',
  于都: 'Yudu',
  都安: "Du'an",
  武都: 'Wudu',
  新都: 'Xindu',
  都兰: 'Dulan',
  兴都: 'Xingdu',
  从化: 'Conghua',
};

/** The pseudo-city that holds a province's directly administered counties (河南省-省直辖县级行政区划). */
const DIRECT_COUNTIES = /-.*直辖县级行政区划$/;
const DIRECT_COUNTIES_NAME = 'Directly administered counties';

const ETHNIC_GROUPS = [
  '维吾尔',
  '哈萨克',
  '柯尔克孜',
  '塔吉克',
  '蒙古',
  '朝鲜',
  '土家',
  '布依',
  '哈尼',
  '傈僳',
  '纳西',
  '景颇',
  '普米',
  '拉祜',
  '仡佬',
  '毛南',
  '仫佬',
  '撒拉',
  '保安',
  '东乡',
  '裕固',
  '锡伯',
  '达斡尔',
  '鄂温克',
  '鄂伦春',
  '独龙',
  '壮',
  '回',
  '藏',
  '满',
  '苗',
  '侗',
  '彝',
  '白',
  '傣',
  '怒',
  '佤',
  '羌',
  '黎',
  '畲',
  '瑶',
  '水',
  '土',
  '各',
];
const AUTONOMOUS = /自治(区|州|县|旗)$/;
const SUFFIXES = ['特别行政区', '林区', '新区', '矿区', '地区', '省', '市', '盟', '县', '区', '旗'];

/** The name without its administrative suffix, or the whole name when one character would be left. */
export function stemOf(chinese: string): string {
  if (AUTONOMOUS.test(chinese)) {
    let stem = chinese.replace(AUTONOMOUS, '');
    for (let people = peopleAtEnd(stem); people; people = peopleAtEnd(stem)) stem = stem.slice(0, -people.length);
    return stem;
  }
  const suffix = SUFFIXES.find((s) => chinese.endsWith(s) && chinese.length - s.length >= 2);
  return suffix ? chinese.slice(0, -suffix.length) : chinese;
}

/** The people named at the end of an autonomous division's name: 'X族', or a longer group without 族 (博尔塔拉蒙古). */
function peopleAtEnd(stem: string): string | undefined {
  const named = ETHNIC_GROUPS.flatMap((g) => (g.length > 1 ? [`${g}族`, g] : [`${g}族`]));
  return named.find((people) => stem.endsWith(people) && stem.length - people.length >= 2);
}

/** Toneless pinyin as one capitalised word, an apostrophe before a syllable starting with a, o or e. */
export function pinyinWord(chinese: string): string {
  const syllables = pinyin(chinese, { toneType: 'none', type: 'array', v: true }).map((s) =>
    s.replace('v', 'ü').replace('ü', 'u'),
  );
  const word = syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function englishName(chinese: string): string {
  if (DIRECT_COUNTIES.test(chinese)) return DIRECT_COUNTIES_NAME;
  const stem = stemOf(chinese);
  return ENGLISH_OVERRIDES[stem] ?? pinyinWord(stem);
}

const KINDS: ReadonlyArray<[string, string]> = [
  ['矿区', 'Mining District'],
  ['新区', 'New Area'],
  ['市', 'City'],
  ['县', 'County'],
  ['区', 'District'],
];

/** English names of the divisions of one parent, in order, told apart where two would be the same. */
export function englishNamesOfSiblings(chinese: readonly string[]): string[] {
  const names = chinese.map(englishName);
  return names.map((name, i) => {
    const clash = names.some((other, j) => other === name && chinese[j] !== chinese[i]);
    const kind = clash ? KINDS.find(([suffix]) => chinese[i]!.endsWith(suffix)) : undefined;
    return kind ? `${name} ${kind[1]}` : name;
  });
}

/** Division code → English name over a whole tree of divisions. */
export function englishNamesByCode(
  nodes: readonly RawDivision[],
  into: Record<string, string> = {},
): Record<string, string> {
  const english = englishNamesOfSiblings(nodes.map((node) => node.n));
  nodes.forEach((node, i) => {
    into[node.c] = english[i]!;
    if (node.d) englishNamesByCode(node.d, into);
  });
  return into;
}
