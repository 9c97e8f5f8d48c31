import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ALL_CALLS, ErrorCode, type CallDef } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../harness.ts';
import type { FixtureModule, IsolationFixture } from './registry.ts';
import { snapshotTables } from './snapshot.ts';
import { buildMatrixTree, type MatrixTree } from './tree.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FOREIGN_POSITIONS = [
  ['parent', 'A'],
  ['sibling', 'A2'],
  ['parent sibling', 'B'],
  ['unrelated tree', 'C'],
] as const;

/** Every `*.fixtures.ts` of this folder: each area contributes its own file. */
async function loadFixtureModules(): Promise<FixtureModule[]> {
  const files = fs
    .readdirSync(HERE)
    .filter((name) => name.endsWith('.fixtures.ts'))
    .sort();
  return Promise.all(
    files.map(async (name) => (await import(pathToFileURL(path.join(HERE, name)).href)) as FixtureModule),
  );
}

const modules = await loadFixtureModules();
const fixtures: IsolationFixture[] = modules.flatMap((module) => module.isolationFixtures);
const accounted = new Set<CallDef>([
  ...fixtures.map((fixture) => fixture.call),
  ...modules.flatMap((module) => module.callsWithoutForeignId.map((entry) => entry.call)),
]);

/**
 * Part `part` (1-based) of `parts` of the isolation matrix: every `parts`-th fixture, on a server of its own. The matrix
 * is cut in parts, one test file each, so that the API suite's two workers share it (whole, it was one file of a
 * fifth of the suite's time, often the last one left running); part 1 also checks that every scoped call is accounted for.
 */
export function describeIsolationMatrix(part: number, parts: number): void {
  const mine = fixtures.filter((_, index) => index % parts === part - 1);
  describe(`isolation matrix, part ${part} of ${parts}: the member of A1 asks for records of its parent, sibling, parent sibling, unrelated tree and child`, () => {
    let t: TestApp;
    let cases = 0;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(async () => {
      console.log(
        `isolation matrix part ${part}/${parts}: ${cases} cases (${mine.length} of ${fixtures.length} fixtures x ${FOREIGN_POSITIONS.length + 1} positions)`,
      );
      await t.close();
    });

    if (part === 1)
      it('accounts for every scoped call of the contract: a fixture, or a stated reason why it addresses no record', () => {
        const missing = ALL_CALLS.filter((entry) => entry.button !== null && !accounted.has(entry));
        expect(missing.map((entry) => entry.path)).toEqual([]);
      });

    for (const fixture of mine) {
      it(`${fixture.call.path}: foreign ids answer NOT_FOUND and change nothing; the child's succeed`, async () => {
        const tree: MatrixTree = await buildMatrixTree(t.app, t.db);
        const options = { sessionid: tree.callerSession, dealersId: tree.caller.dealerId };
        for (const [position, key] of FOREIGN_POSITIONS) {
          const target = tree.nodes[key];
          const body = await fixture.makeForeignBody(target, tree, t.db);
          const before = await snapshotTables(t.db);
          const answer = await call(t.app, fixture.call, body, options);
          expect(answer.body.error_code, `${position} (${key}): ${JSON.stringify(answer.body)}`).toBe(
            ErrorCode.NOT_FOUND,
          );
          expect(answer.body.error_msg).toBe('The record does not exist or is not visible to you');
          const after = await snapshotTables(t.db);
          for (const table of Object.keys(before))
            expect(after[table], `${position}: table ${table} changed`).toBe(before[table]);
          await fixture.verifyUnchanged?.(target, t.db);
          cases += 1;
        }
        const child = await call(
          t.app,
          fixture.call,
          await fixture.makeForeignBody(tree.nodes.A11, tree, t.db),
          options,
        );
        expect(child.body.error_code, `child (A11): ${JSON.stringify(child.body)}`).toBe(
          fixture.childOutcome ?? ErrorCode.OK,
        );
        cases += 1;
      });
    }
  });
}
