import type { CallDef } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import type { MatrixNode, MatrixTree } from './tree.ts';

/**
 * One scoped call of the isolation matrix. `makeForeignBody` answers a body that addresses a
 * record belonging to `target` (it may insert that record first). The matrix calls it as the
 * member of A1 for each position: foreign positions must answer NOT_FOUND and change no table;
 * the child position (A11, in scope) must succeed.
 */
export interface IsolationFixture {
  call: CallDef;
  makeForeignBody(
    target: MatrixNode,
    tree: MatrixTree,
    db: Kysely<DB>,
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** The error code expected for the child position (in scope) when it is not success (0). */
  childOutcome?: number;
  /** An extra check after a refused call, beyond the whole-database snapshot. */
  verifyUnchanged?(target: MatrixNode, db: Kysely<DB>): Promise<void>;
}

/**
 * What a fixture file in this folder (`*.fixtures.ts`) exports: its fixtures, and the scoped calls
 * of its area that address no record by id (lists of the current company, creations), each with
 * the reason, so that the matrix can prove every scoped call is accounted for.
 */
export interface FixtureModule {
  isolationFixtures: readonly IsolationFixture[];
  callsWithoutForeignId: ReadonlyArray<{ call: CallDef; reason: string }>;
}
