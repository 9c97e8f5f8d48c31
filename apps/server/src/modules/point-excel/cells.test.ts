import { describe, expect, it } from 'vitest';
import { parseList, writeBinaryItems, writeEnumItems, writeFaultDefinitions } from './cells.ts';

describe('list cells of the point sheet', () => {
  it('writes one readable line per item, dropping empty trailing parts', () => {
    expect(
      writeEnumItems([
        { value: 0, label: '关机', enLabel: 'Off', description: '' },
        { value: -1, label: '未知', enLabel: '', description: '' },
      ]),
    ).toBe('0=关机/Off\n-1=未知');
    expect(
      writeBinaryItems([
        { bit: 3, code: 'defrost', content: '除霜', enContent: 'Defrost' },
        { bit: 4, code: 'fan', content: '风机', enContent: '' },
      ]),
    ).toBe('3=defrost/除霜/Defrost\n4=fan/风机');
    expect(parseList('binaryItems', '3=defrost/除霜/Defrost\n4=fan/Fan')).toEqual({
      ok: true,
      items: [
        { bit: 3, code: 'defrost', content: '除霜', enContent: 'Defrost' },
        { bit: 4, code: 'fan', content: 'Fan', enContent: '' },
      ],
    });
    expect(
      writeFaultDefinitions([
        { faultCode: 'E01', level: 2, bit: 0, value: null, description: '水流故障', enDescription: 'Water flow' },
        { faultCode: 'E20', level: 1, bit: null, value: 20, description: '', enDescription: '' },
      ]),
    ).toBe('E01=2/bit 0/水流故障/Water flow\nE20=1/value 20');
  });

  it('reads back what it writes, slashes, backslashes and line breaks included', () => {
    const items = [
      { value: 7, label: 'a/b', enLabel: 'c\\d', description: 'two\nlines' },
      { value: 8, label: 'x', enLabel: '', description: 'only description' },
    ];
    expect(parseList('enumItems', writeEnumItems(items))).toEqual({ ok: true, items });
    const faults = [
      {
        faultCode: 'E9',
        level: 3 as const,
        bit: 15,
        value: null,
        description: '过压/欠压',
        enDescription: 'Over/under voltage',
      },
    ];
    expect(parseList('faultDefinitions', writeFaultDefinitions(faults))).toEqual({ ok: true, items: faults });
  });

  it('reads the Chinese bit and value words, skips blank lines, and names the first line it cannot read', () => {
    expect(parseList('faultDefinitions', 'E1=2/位 4\n\nE2=1/值 9/描述')).toEqual({
      ok: true,
      items: [
        { faultCode: 'E1', level: 2, bit: 4, value: null, description: '', enDescription: '' },
        { faultCode: 'E2', level: 1, bit: null, value: 9, description: '描述', enDescription: '' },
      ],
    });
    expect(parseList('binaryItems', '0=pump/Pump\npump without a bit')).toEqual({ ok: false, line: 2 });
    expect(parseList('faultDefinitions', 'E1=2/bitten')).toEqual({ ok: false, line: 1 });
    expect(parseList('enumItems', 'x=label')).toEqual({
      ok: true,
      items: [{ value: 'x', label: 'label', enLabel: '', description: '' }],
    });
  });
});
