import type { FaultLevel } from '@dcc/contract';
import type { FaultLevel as ProtocolFaultLevel } from '@dcc/protocol';
import { describe, expectTypeOf, it } from 'vitest';

describe('fault levels', () => {
  it("of the protocol's point tables are the contract's FAULT_LEVELS (checked by the typecheck)", () => {
    expectTypeOf<ProtocolFaultLevel>().toEqualTypeOf<FaultLevel>();
  });
});
