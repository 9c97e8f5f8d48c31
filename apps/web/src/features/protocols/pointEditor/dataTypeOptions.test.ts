import { localName, OTHER_LANGUAGE_MARK, type Locale } from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { dataTypeOptions } from './dataTypeOptions.ts';

const TYPES = [
  { dataTypeId: '1', dataTypeName: '有符号 ×0.1', dataTypeEnName: 'signed x0.1' },
  { dataTypeId: '2', dataTypeName: '仅中文', dataTypeEnName: '' },
  { dataTypeId: '3', dataTypeName: '', dataTypeEnName: 'English only' },
];
const labels = (locale: Locale) =>
  dataTypeOptions((chinese, english) => localName(locale, chinese, english), TYPES, 'raw').map((o) => o.label);

describe('the point editor names data types in the reader language', () => {
  it('shows each its own language, and the other one marked where it has none, the same way in both', () => {
    expect(labels('zh-CN')).toEqual(['raw', '有符号 ×0.1', '仅中文', `English only${OTHER_LANGUAGE_MARK['zh-CN']}`]);
    expect(labels('en-US')).toEqual(['raw', 'signed x0.1', `仅中文${OTHER_LANGUAGE_MARK['en-US']}`, 'English only']);
  });
});
