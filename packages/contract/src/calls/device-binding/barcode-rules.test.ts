import { describe, expect, it } from 'vitest';
import { isSn, normalizeMac, normalizeSn } from './barcode-rules.ts';
import { addMacs } from './mac-mapping.ts';
import { bindSn } from './sn-binding.ts';

describe('whole-machine barcode format', () => {
  it.each(['HP2406', 'HP-A200-2406-000123', 'A'.repeat(32), ' hp-a200-0001 '])('accepts %j', (sn) =>
    expect(isSn(sn)).toBe(true),
  );
  it.each(['HP240', 'A'.repeat(33), '-HP2406', 'HP2406-', 'HP_2406', 'HP 2406', '条码123456', ''])('refuses %j', (sn) =>
    expect(isSn(sn)).toBe(false),
  );
  it('is stored trimmed and upper case, as the bind call reads it', () => {
    expect(normalizeSn(' hp-a200-0001 ')).toBe('HP-A200-0001');
    expect(bindSn.request.parse({ deviceCode: 'HP2406A0001', sn: ' hp-a200-0001 ' })).toEqual({
      deviceCode: 'HP2406A0001',
      sn: 'HP-A200-0001',
    });
    expect(bindSn.request.safeParse({ deviceCode: 'HP2406A0001', sn: 'HP_1' }).error?.issues[0]?.message).toBe(
      'deviceBinding.validation.sn.format',
    );
  });
});

describe('MAC address format', () => {
  it.each([
    ['3C:A5:08:12:AB:CD', '3C:A5:08:12:AB:CD'],
    ['3c-a5-08-12-ab-cd', '3C:A5:08:12:AB:CD'],
    ['3ca50812abcd', '3C:A5:08:12:AB:CD'],
    [' 02:00:00:00:00:01 ', '02:00:00:00:00:01'],
  ])('reads %j as %j', (text, mac) => expect(normalizeMac(text)).toBe(mac));
  it.each([
    '3C:A5:08:12:AB',
    '3C:A5:08:12:AB:CD:EF',
    '3C-A5:08:12:AB:CD',
    '3C:A5:08:12:AB:GG',
    '00:00:00:00:00:00',
    'FF:FF:FF:FF:FF:FF',
    '01:00:5E:00:00:01',
    '',
  ])('refuses %j', (text) => expect(normalizeMac(text)).toBeNull());
  it('is refused by the add call with its message, naming the entry', () => {
    const parsed = addMacs.request.safeParse({ macs: ['3C:A5:08:12:AB:CD', 'nope'] });
    expect(parsed.error?.issues[0]).toMatchObject({
      message: 'deviceBinding.validation.mac.format',
      path: ['macs', 1],
    });
  });
});
