import { describe, expect, it } from 'vitest';
import { callDescription } from './call-description.ts';
import { CALL_DESCRIPTIONS_ZH } from './call-descriptions.zh-CN.ts';
import { ALL_CALLS } from './calls/index.ts';
import { OTHER_LANGUAGE_MARK } from './local-name.ts';

/** The codes a description must not be: the call's path and its last parts (the API log's interface name). */
const codesOf = (path: string): string[] => {
  const parts = path.split('/').filter(Boolean);
  return [path, parts.at(-1)!, parts.slice(-2).join('/'), parts.slice(2).join('/')];
};
const CHINESE = /[\u3400-\u9fff]/;

describe('every call is described in both languages', () => {
  it('has an English and a Chinese description: neither empty, nor a code, nor a copy of the other', () => {
    const problems = ALL_CALLS.flatMap((call) => {
      const english = call.description.trim();
      const chinese = (CALL_DESCRIPTIONS_ZH[call.path] ?? '').trim();
      const found: string[] = [];
      if (!english) found.push('no English description');
      if (!chinese) found.push('no Chinese description (call-descriptions.zh-CN.ts)');
      if (chinese && !CHINESE.test(chinese)) found.push(`Chinese description not in Chinese: ${chinese}`);
      if (CHINESE.test(english)) found.push(`English description in Chinese: ${english}`);
      if (english && english === chinese) found.push('the same text in both languages');
      for (const text of [english, chinese])
        if (codesOf(call.path).some((code) => code.toLowerCase() === text.toLowerCase())) found.push(`a code: ${text}`);
      return found.map((problem) => `${call.path}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });

  it('describes no call that is not in the contract', () => {
    const paths = new Set(ALL_CALLS.map((call) => call.path));
    expect(Object.keys(CALL_DESCRIPTIONS_ZH).filter((path) => !paths.has(path))).toEqual([]);
  });

  it("answers the reader's language, and the other marked where one is missing", () => {
    const call = ALL_CALLS.find((c) => c.path.endsWith('/adminUser/logout'))!;
    expect(callDescription(call, 'en-US')).toBe('Ends the current session.');
    expect(callDescription(call, 'zh-CN')).toBe('结束当前会话。');
    const unknown = { path: '/cloudservice/api/not/described', description: 'Does something.' };
    expect(callDescription(unknown, 'zh-CN')).toBe(`Does something.${OTHER_LANGUAGE_MARK['zh-CN']}`);
  });
});
