import { FRAME_FUNCTION_KINDS } from '@dcc/contract';
import { FUNCTION_CODES } from '@dcc/protocol';
import { describe, expect, it } from 'vitest';

describe('packet kinds and frame functions', () => {
  it('has a named kind for every frame function the protocol knows (a packet stores its function as its kind)', () => {
    expect([...FRAME_FUNCTION_KINDS].sort()).toEqual(Object.keys(FUNCTION_CODES).sort());
  });
});
