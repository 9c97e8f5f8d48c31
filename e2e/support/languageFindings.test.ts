import { describe, expect, it } from 'vitest';
import { findingsOf } from './languageFindings.ts';

const shown = (text: string) => ({ text, column: '描述', code: false });
const findings = (texts: string[]) =>
  findingsOf('zh-CN', '/screen', texts.map(shown), [], '超过', () => false).map((finding) => finding.why);

describe('the language walk’s findings', () => {
  it('takes a unit symbol for what it is, and a camelCase word for an identifier', () => {
    expect(findings(['无符号，两位小数 (0.01 kWh)', '功率 3 kW', '电流 2 mA', '压力 1 kPa'])).toEqual([]);
    expect(findings(['设备 deviceCode 未知'])).toEqual(['an identifier (deviceCode)']);
  });

  it('finds a catalog name in the other language, except in a column that shows both names by design', () => {
    const names = [['空气源热泵 A200', 'Heat pump A200']] as const;
    const inColumn = (column: string) => [{ text: 'Heat pump A200', column, code: false }];
    const whys = (column: string, bothNames: (column: string) => boolean) =>
      findingsOf('zh-CN', '/p', inColumn(column), names, '超过', () => false, bothNames).map((finding) => finding.why);
    expect(whys('设备型号', () => false)).toEqual(['a catalog name in the other language']);
    expect(whys('英文名称', (column) => column === '英文名称')).toEqual([]);
  });
});
