import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { englishName, englishNamesByCode, englishNamesOfSiblings } from './english-name.ts';
import { rawDivisions } from './raw-divisions.ts';

describe('English names of GB/T 2260 divisions', () => {
  it('uses the conventional English of provinces', () => {
    expect(
      [
        '北京市',
        '内蒙古自治区',
        '广西壮族自治区',
        '西藏自治区',
        '宁夏回族自治区',
        '新疆维吾尔自治区',
        '香港特别行政区',
        '澳门特别行政区',
        '台湾省',
        '陕西省',
        '山西省',
        '广东省',
      ].map(englishName),
    ).toEqual([
      'Beijing',
      'Inner Mongolia',
      'Guangxi',
      'Tibet',
      'Ningxia',
      'Xinjiang',
      'Hong Kong',
      'Macao',
      'Taiwan',
      'Shaanxi',
      'Shanxi',
      'Guangdong',
    ]);
  });

  it('reads polyphonic city names as the places are called', () => {
    expect(
      [
        '重庆市',
        '长沙市',
        '厦门市',
        '蚌埠市',
        '六安市',
        '乐山市',
        '丽水市',
        '亳州市',
        '喀什地区',
        '昌都市',
        '闵行区',
        '丰都县',
      ].map(englishName),
    ).toEqual([
      'Chongqing',
      'Changsha',
      'Xiamen',
      'Bengbu',
      "Lu'an",
      'Leshan',
      'Lishui',
      'Bozhou',
      'Kashi',
      'Changdu',
      'Minhang',
      'Fengdu',
    ]);
  });

  it('drops the administrative suffix and the peoples of an autonomous division, keeping a one-character stem whole', () => {
    expect(
      [
        '广州市',
        '大兴安岭地区',
        '兴安盟',
        '延边朝鲜族自治州',
        '博尔塔拉蒙古自治州',
        '黔东南苗族侗族自治州',
        '积石山保安族东乡族撒拉族自治县',
        '忠县',
        '西安市',
        '河南省-省直辖县级行政区划',
      ].map(englishName),
    ).toEqual([
      'Guangzhou',
      "Daxing'anling",
      "Xing'an",
      'Yanbian',
      "Bo'ertala",
      'Qiandongnan',
      'Jishishan',
      'Zhongxian',
      "Xi'an",
      'Directly administered counties',
    ]);
  });

  it('tells apart two divisions of one parent that would share a name', () => {
    expect(englishNamesOfSiblings(['临夏市', '临夏县', '永靖县'])).toEqual([
      'Linxia City',
      'Linxia County',
      'Yongjing',
    ]);
  });

  it('matches the committed english-names.json (run generate-english-names.ts after changing the rules)', () => {
    const committed = JSON.parse(readFileSync(new URL('./english-names.json', import.meta.url), 'utf8')) as Record<
      string,
      string
    >;
    expect(committed).toEqual(englishNamesByCode(rawDivisions()));
  });
});
