import { describe, expect, it } from 'vitest';
import { splitBody } from './json-body.ts';

describe('splitBody', () => {
  it('takes the context fields out of the payload', () => {
    const split = splitBody({ name: 'a', sessionid: 's', dealersId: '7', pattern: 'D' }, false);
    expect(split.payload).toEqual({ name: 'a' });
    expect(split.context).toEqual({ sessionid: 's', dealersId: '7', pattern: 'D' });
  });

  it('keeps dealersId in the payload when the call declares it', () => {
    expect(splitBody({ dealersId: '7', sessionid: 's' }, true).payload).toEqual({ dealersId: '7' });
  });

  it('keeps __proto__ as an ordinary key for the schema to refuse', () => {
    const split = splitBody(JSON.parse('{"__proto__":{"admin":true},"a":1}'), false);
    expect(Object.keys(split.payload as object)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('passes a non-object body through for the schema to refuse, and treats no body as {}', () => {
    expect(splitBody([1], false).payload).toEqual([1]);
    expect(splitBody(undefined, false).payload).toEqual({});
  });
});
