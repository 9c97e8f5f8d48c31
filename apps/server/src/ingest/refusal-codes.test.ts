import { describe, expect, expectTypeOf, it } from 'vitest';
import { REFUSAL_CODES, type RefusalCode } from '@dcc/contract';
import type { AlinkErrorCode, FrameErrorCode } from '@dcc/protocol';
import { OUT_OF_RANGE, PERSISTED_LINK_REFUSALS } from './index.ts';
import type { IngestRefusal } from './pipeline/pipeline-decode.ts';

describe('the codes ingest counts refusals under', () => {
  it('are all in the contract list, which names them for the abnormal list', () => {
    // A decoder or ingest code added without a name fails the type check here.
    expectTypeOf<FrameErrorCode | AlinkErrorCode | IngestRefusal>().toExtend<RefusalCode>();
    for (const code of [...Object.values(PERSISTED_LINK_REFUSALS), OUT_OF_RANGE]) expect(REFUSAL_CODES).toContain(code);
  });
});
