import type { Node } from './ast.ts';
import { compileNode, type EvalEnv, type Evaluator, type ValueLookup } from './compile.ts';
import { formulaError, type FormulaError } from './errors.ts';
import { tokenize } from './lexer.ts';
import { parseTokens } from './parser.ts';

export { formulaError } from './errors.ts';
export type { FormulaError, FormulaErrorCode } from './errors.ts';
export type { EvalEnv, Evaluator, ValueLookup } from './compile.ts';

/** Longest formula text accepted; keeps the closure tree shallow enough for the JS stack. */
export const MAX_FORMULA_LENGTH = 1000;

/** A formula parsed and compiled once, evaluated many times. */
export interface Formula {
  source: string;
  /** Addresses referenced as $n$, each once, in order of first use. */
  refs: number[];
  /** The fast path: NaN with env.error set on failure. */
  run: Evaluator;
  /** The safe path: a result object, never a throw. */
  evaluate(x: number, values?: ValueLookup | ReadonlyMap<number, number>): EvalResult;
}

export type EvalResult = { ok: true; value: number } | { ok: false; error: FormulaError };

const NO_VALUES: ValueLookup = () => undefined;

/** Parses and compiles a formula such as `x / 10` or `x > $20$ ? $20$ : x`; never throws. */
export function compileFormula(source: string): { ok: true; formula: Formula } | { ok: false; error: FormulaError } {
  if (typeof source !== 'string')
    return { ok: false, error: formulaError('formula.notText', 'A formula must be text', 0) };
  if (source.length > MAX_FORMULA_LENGTH) {
    return {
      ok: false,
      error: formulaError(
        'formula.tooLong',
        `The formula is longer than ${MAX_FORMULA_LENGTH} characters`,
        MAX_FORMULA_LENGTH,
      ),
    };
  }
  const lexed = tokenize(source);
  if (!lexed.ok) return lexed;
  const parsed = parseTokens(lexed.tokens);
  if (!parsed.ok) return parsed;
  const run = compileNode(parsed.ast);
  const refs = collectRefs(parsed.ast, []);
  const evaluate = (x: number, values?: ValueLookup | ReadonlyMap<number, number>): EvalResult => {
    const lookup =
      values === undefined ? NO_VALUES : typeof values === 'function' ? values : (a: number) => values.get(a);
    const env: EvalEnv = { values: lookup, error: null };
    return finish(run(x, env), env, source);
  };
  return { ok: true, formula: { source, refs, run, evaluate } };
}

/** Turns the outcome of a fast-path run into a result: an error when it failed or is not a finite number. */
export function finish(value: number, env: EvalEnv, source: string): EvalResult {
  if (env.error) return { ok: false, error: env.error };
  if (!Number.isFinite(value))
    return { ok: false, error: formulaError('formula.notFinite', `'${source}' does not give a finite number`, 0) };
  return { ok: true, value };
}

function collectRefs(node: Node, out: number[]): number[] {
  switch (node.type) {
    case 'ref':
      if (!out.includes(node.address)) out.push(node.address);
      break;
    case 'unary':
      collectRefs(node.arg, out);
      break;
    case 'binary':
      collectRefs(node.left, out);
      collectRefs(node.right, out);
      break;
    case 'cond':
      collectRefs(node.test, out);
      collectRefs(node.then, out);
      collectRefs(node.otherwise, out);
      break;
    case 'call':
      for (const a of node.args) collectRefs(a, out);
      break;
  }
  return out;
}
