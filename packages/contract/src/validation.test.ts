import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  isEmail,
  isLink,
  isPassword,
  isPhone,
  isPositiveInteger,
  isProductName,
  isRemarks,
  isSpacedTitle,
  isTitle,
  isLettersOrDigits,
  optionalEmailField,
  phoneField,
  passwordField,
  weightedLength,
  withConfirmPassword,
} from './validation.ts';
import { describeIssues } from './issues.ts';

describe('phone', () => {
  it.each([
    ['13800000000', true],
    ['19912345678', true],
    ['12800000000', false],
    ['1380000000', false],
    ['138000000000', false],
    ['23800000000', false],
    ['1380000000a', false],
    ['', false],
  ])('%s -> %s', (value, ok) => expect(isPhone(value)).toBe(ok));
  it('has distinct messages for empty and wrong format', () => {
    expect(phoneField.safeParse('').error?.issues[0]?.message).toBe('validation.phone.required');
    expect(phoneField.safeParse('12').error?.issues[0]?.message).toBe('validation.phone.format');
  });
});

describe('password', () => {
  it.each([
    ['abcd1234', true],
    ['a1234567', true],
    ['abcdefghij1234567890', true],
    ['abcdefghij12345678901', false],
    ['abc1234', false],
    ['abcdefgh', false],
    ['12345678', false],
    ['abcd 1234', false],
    ['abcd\t1234', false],
    ['Demo@123456', true],
  ])('%s -> %s', (value, ok) => expect(isPassword(value)).toBe(ok));
  it('confirm must equal the first', () => {
    const schema = withConfirmPassword(z.object({ password: passwordField, confirmPassword: z.string() }));
    expect(schema.safeParse({ password: 'abcd1234', confirmPassword: 'abcd1234' }).success).toBe(true);
    const issue = schema.safeParse({ password: 'abcd1234', confirmPassword: 'abcd12345' }).error?.issues[0];
    expect(issue?.message).toBe('validation.confirmPassword.mismatch');
    expect(issue?.path).toEqual(['confirmPassword']);
  });
});

describe('email', () => {
  it.each([
    ['a@b.co', true],
    ['x.y@host.example.com', true],
    ['a@b', false],
    ['a b@c.d', false],
    ['@c.d', false],
    ['', false],
  ])('%s -> %s', (value, ok) => expect(isEmail(value)).toBe(ok));
  it('optional email allows empty only', () => {
    expect(optionalEmailField.safeParse('').success).toBe(true);
    expect(optionalEmailField.safeParse('bad').success).toBe(false);
  });
});

describe('names and other rules', () => {
  it('counts a Chinese character as 2', () => {
    expect(weightedLength('热泵')).toBe(4);
    expect(weightedLength('ab热')).toBe(4);
  });
  it.each([
    ['abcd', true],
    ['abc', false],
    ['热泵', true],
    ['热', false],
    ['a'.repeat(30), true],
    ['a'.repeat(31), false],
    ['热'.repeat(15), true],
    ['热'.repeat(15) + 'a', false],
    ['heat_pump', true],
    ['heat pump', false],
    ['heat-pump', false],
  ])('product name %s -> %s', (value, ok) => expect(isProductName(value)).toBe(ok));
  it.each([
    ['a'.repeat(20), true],
    ['a'.repeat(21), false],
    ['热'.repeat(20), true],
    ['', true],
  ])('remarks %s -> %s', (value, ok) => expect(isRemarks(value)).toBe(ok));
  it.each([
    ['http://x.cn', true],
    ['https://x.cn/a', true],
    ['ftp://x', false],
    ['x.cn', false],
    ['http://', false],
  ])('link %s -> %s', (value, ok) => expect(isLink(value)).toBe(ok));
  it.each([
    ['标题_1', true],
    ['a_b', true],
    ['_ab', false],
    ['a b', false],
    ['1a', true],
    ['', false],
  ])('title %s -> %s', (value, ok) => expect(isTitle(value)).toBe(ok));
  it.each([
    ['Finished goods warehouse', true],
    ['成品 仓库_1', true],
    ['a_b', true],
    [' ab', false],
    ['_ab', false],
    ['a-b', false],
    ['a\tb', false],
    ['', false],
  ])('title with spaces %s -> %s', (value, ok) => expect(isSpacedTitle(value)).toBe(ok));
  it.each([
    ['1', true],
    ['10', true],
    ['0', false],
    ['-1', false],
    ['1.5', false],
    ['01', false],
  ])('positive integer %s -> %s', (value, ok) => expect(isPositiveInteger(value)).toBe(ok));
  it.each([
    ['abc123', true],
    ['abc_1', false],
    ['', false],
  ])('letters or digits %s -> %s', (value, ok) => expect(isLettersOrDigits(value)).toBe(ok));
});

describe('issue messages', () => {
  it('translates rule keys and describes missing and unknown fields in both languages', () => {
    const schema = z.object({ name: phoneField }).strict();
    const wrong = schema.safeParse({ name: '12' }).error!.issues;
    expect(describeIssues(wrong, 'en-US')).toEqual([{ field: 'name', message: 'The phone number format is wrong' }]);
    expect(describeIssues(wrong, 'zh-CN')).toEqual([{ field: 'name', message: '手机号格式不正确' }]);
    const missing = schema.safeParse({}).error!.issues;
    expect(describeIssues(missing, 'en-US')[0]?.field).toBe('name');
    const extra = schema.safeParse({ name: '13800000000', level: 0 }).error!.issues;
    expect(describeIssues(extra, 'en-US')[0]?.message).toBe('Unknown field: level');
  });
});
