import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addNotice, addPoint, ALL_CALLS, pointFields, roleAdd } from './calls/index.ts';
import { summarizeIssues } from './issues.ts';
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPaths, isPlainText, multilineText, withTextRule } from './text.ts';

describe('the text rule', () => {
  it.each([
    ['plain text', 'Heat pump 空气能 #1', true, true],
    ['NUL', 'a\u0000b', false, false],
    ['bell', 'a\u0007', false, false],
    ['escape', '\u001b[31m', false, false],
    ['DEL', 'a\u007f', false, false],
    ['C1 control', 'a\u0085', false, false],
    ['tab', 'a\tb', false, true],
    ['line feed', 'a\nb', false, true],
    ['carriage return', 'a\r\nb', false, true],
    ['vertical tab', 'a\u000bb', false, false],
    ['emoji and accents', 'café 🔥', true, true],
  ])('%s: single-line %s, multi-line %s', (_name, text, singleLine, multiLine) => {
    expect(isPlainText(text)).toBe(singleLine);
    expect(isPlainText(text, true)).toBe(multiLine);
  });

  it('follows the schema into nested objects and arrays, and checks object keys', () => {
    const schema = z.object({
      name: z.string(),
      body: multilineText(z.string().default('')),
      items: z.array(z.object({ label: z.string() })),
      extra: z.record(z.string(), z.string()),
    });
    const value = {
      name: 'ok',
      body: 'line\nline',
      items: [{ label: 'ok' }, { label: 'x\u0000' }],
      extra: { 'k\u0001': 'v', fine: 'a\nb' },
    };
    expect(controlCharacterPaths(schema, value)).toEqual([
      ['items', 1, 'label'],
      ['extra', 'k\u0001'],
      ['extra', 'fine'],
    ]);
  });

  it('reports the field even when another field fails too', () => {
    const schema = withTextRule(z.object({ phone: z.string().regex(/^\d+$/), name: z.string() }).strict());
    const result = schema.safeParse({ phone: 'abc', name: 'a\u0000' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([
      'name',
      CONTROL_CHARACTER_MESSAGE,
    ]);
  });

  it('is part of every call request: a NUL in a title is refused with a message naming the field, in both languages', () => {
    const result = addNotice.request.safeParse({ noticeTitle: 'Title\u0000', noticeBody: 'Body' });
    expect(summarizeIssues(result.error!.issues, 'en-US')).toContain('noticeTitle: Control characters are not allowed');
    expect(summarizeIssues(result.error!.issues, 'zh-CN')).toContain('noticeTitle: 不能包含控制字符');
  });

  it('lets multi-line fields keep their line breaks but not a NUL', () => {
    expect(
      addNotice.request.safeParse({ noticeTitle: 'Title', noticeBody: 'First line\r\nSecond\tline' }).success,
    ).toBe(true);
    expect(
      addNotice.request.safeParse({ noticeTitle: 'Title', noticeBody: 'First\u0000' }).error?.issues[0]?.path,
    ).toEqual(['noticeBody']);
    expect(
      roleAdd.request.safeParse({
        roleName: 'Role',
        description: 'a\nb',
        viewLevelMax: 1,
        faultLevels: [],
        buttonIds: [],
      }).error?.issues ?? [],
    ).not.toContainEqual(expect.objectContaining({ message: CONTROL_CHARACTER_MESSAGE }));
  });

  it('reports a field once when a nested schema carries the rule itself (the point fields of an Excel row)', () => {
    const point = { address: 1, pointCode: 'code1', pointName: 'Name\u0000', mode: 'R', byteLength: 2 };
    const control = (issues: readonly { message: string; path: PropertyKey[] }[]) =>
      issues.filter((issue) => issue.message === CONTROL_CHARACTER_MESSAGE).map((issue) => issue.path);
    expect(control(pointFields.safeParse(point).error!.issues)).toEqual([['pointName']]);
    expect(control(addPoint.request.safeParse({ versionId: '1', point }).error!.issues)).toEqual([
      ['point', 'pointName'],
    ]);
  });

  it('keeps every call request an object schema with its shape (the console reads field rules from it)', () => {
    for (const call of ALL_CALLS) expect(call.request instanceof z.ZodObject, call.path).toBe(true);
    expect(addNotice.request.shape.noticeTitle).toBeDefined();
  });
});
