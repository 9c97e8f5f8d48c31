import type { Kysely, KyselyPlugin } from 'kysely';
import type { DB } from '../src/db/schema.ts';

/** `db` counting the statements sent through it and its transactions (not their begin and commit). */
export function countingStatements(db: Kysely<DB>): { db: Kysely<DB>; statements: () => number } {
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  return { db: db.withPlugin(counter), statements: () => statements };
}
