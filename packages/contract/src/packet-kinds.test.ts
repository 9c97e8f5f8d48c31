import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { isMessageKey } from './messages/index.ts';
import { PACKET_KINDS, packetKindName } from './packet-kinds.ts';

describe('packet kinds', () => {
  it('names every kind in both languages, and an unknown kind as another message, never raw', () => {
    for (const kind of [...PACKET_KINDS, 'other']) expect(isMessageKey(`telemetry.packetKind.${kind}`)).toBe(true);
    for (const locale of LOCALES) {
      expect(packetKindName(locale, 'propertyPost')).not.toBe('propertyPost');
      expect(packetKindName(locale, 'somethingNew')).toBe(packetKindName(locale, 'other'));
      expect(packetKindName(locale, null)).toBeNull();
    }
    expect(packetKindName('zh-CN', 'propertyPost')).toBe('属性上报');
    expect(packetKindName('en-US', 'propertyPost')).toBe('Property report');
  });
});
