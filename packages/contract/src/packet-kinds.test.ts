import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { isMessageKey } from './messages/index.ts';
import { PACKET_KINDS, packetKindName } from './packet-kinds.ts';

describe('packet kinds', () => {
  it('names every kind in both languages, and an unknown kind as another message, never raw', () => {
    expect(isMessageKey('telemetry.packetKind.other')).toBe(true);
    for (const locale of LOCALES) {
      const other = packetKindName(locale, 'other');
      for (const kind of PACKET_KINDS) {
        // translate answers a missing key as it is (dotted): a kind without its message would show that.
        const name = packetKindName(locale, kind)!;
        expect([name.includes('.'), name === kind, name === other]).toEqual([false, false, false]);
      }
      expect(packetKindName(locale, 'somethingNew')).toBe(other);
      expect(packetKindName(locale, null)).toBeNull();
    }
    expect(packetKindName('zh-CN', 'propertyPost')).toBe('属性上报');
    expect(packetKindName('en-US', 'propertyPost')).toBe('Property report');
    expect(packetKindName('zh-CN', 'report')).toBe('上报');
  });
});
