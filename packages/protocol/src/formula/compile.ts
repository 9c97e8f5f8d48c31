import type { Node } from './ast.ts';
import { formulaError, type FormulaError } from './errors.ts';

/** Current values of other points by address; undefined when the point has no known value. */
export type ValueLookup = (address: number) => number | undefined;

/** Scratch state of one evaluation: the lookup for $n$ and the first error met (evaluation never throws). */
export interface EvalEnv {
  values: ValueLookup;
  error: FormulaError | null;
}

/** A compiled formula: call with x and an env; NaN and env.error set when it fails. */
export type Evaluator = (x: number, env: EvalEnv) => number;

const fail = (env: EvalEnv, error: FormulaError): number => {
  env.error ??= error;
  return NaN;
};

// Half away from zero: what people expect of a displayed reading (Math.round(-2.5) is -2).
const roundHalfAway = (v: number, digits: number): number => {
  const d = Math.min(15, Math.max(0, Math.trunc(digits)));
  const f = 10 ** d;
  return (Math.sign(v) * Math.round(Math.abs(v) * f)) / f;
};

/** Turns an AST into a tree of closures, so a formula parsed once evaluates without re-walking it. */
export function compileNode(node: Node): Evaluator {
  switch (node.type) {
    case 'num': {
      const v = node.value;
      return () => v;
    }
    case 'x':
      return (x) => x;
    case 'ref': {
      const { address, pos } = node;
      return (_x, env) => {
        const v = env.values(address);
        return v === undefined
          ? fail(env, formulaError('formula.unknownPoint', `Point $${address}$ has no current value`, pos))
          : v;
      };
    }
    case 'unary': {
      const a = compileNode(node.arg);
      switch (node.op) {
        case '-':
          return (x, env) => -a(x, env);
        case '+':
          return a;
        case '~':
          return (x, env) => ~a(x, env);
        case '!':
          return (x, env) => (a(x, env) ? 0 : 1);
      }
      break;
    }
    case 'cond': {
      const t = compileNode(node.test);
      const y = compileNode(node.then);
      const n = compileNode(node.otherwise);
      return (x, env) => (t(x, env) ? y(x, env) : n(x, env));
    }
    case 'call':
      return compileCall(node);
    case 'binary':
      return compileBinary(node);
  }
  throw new Error('unreachable');
}

function compileCall(node: Extract<Node, { type: 'call' }>): Evaluator {
  const args = node.args.map(compileNode);
  const a = args[0]!;
  switch (node.name) {
    case 'abs':
      return (x, env) => Math.abs(a(x, env));
    case 'floor':
      return (x, env) => Math.floor(a(x, env));
    case 'ceil':
      return (x, env) => Math.ceil(a(x, env));
    case 'round': {
      const d = args[1];
      return d ? (x, env) => roundHalfAway(a(x, env), d(x, env)) : (x, env) => roundHalfAway(a(x, env), 0);
    }
    case 'min':
    case 'max': {
      const pick = node.name === 'min' ? Math.min : Math.max;
      return (x, env) => {
        let r = a(x, env);
        for (let k = 1; k < args.length; k++) r = pick(r, args[k]!(x, env));
        return r;
      };
    }
  }
}

function compileBinary(node: Extract<Node, { type: 'binary' }>): Evaluator {
  const l = compileNode(node.left);
  const r = compileNode(node.right);
  const pos = node.pos;
  switch (node.op) {
    case '+':
      return (x, env) => l(x, env) + r(x, env);
    case '-':
      return (x, env) => l(x, env) - r(x, env);
    case '*':
      return (x, env) => l(x, env) * r(x, env);
    case '/':
    case '%': {
      const isDiv = node.op === '/';
      return (x, env) => {
        const a = l(x, env);
        const b = r(x, env);
        if (b === 0)
          return fail(env, formulaError('formula.divisionByZero', `Division by zero at position ${pos}`, pos));
        return isDiv ? a / b : a % b;
      };
    }
    case '&':
      return (x, env) => l(x, env) & r(x, env);
    case '|':
      return (x, env) => l(x, env) | r(x, env);
    case '^':
      return (x, env) => l(x, env) ^ r(x, env);
    case '<<':
      return (x, env) => l(x, env) << r(x, env);
    case '>>':
      return (x, env) => l(x, env) >> r(x, env);
    case '>>>':
      return (x, env) => l(x, env) >>> r(x, env);
    case '==':
      return (x, env) => (l(x, env) === r(x, env) ? 1 : 0);
    case '!=':
      return (x, env) => (l(x, env) !== r(x, env) ? 1 : 0);
    case '<':
      return (x, env) => (l(x, env) < r(x, env) ? 1 : 0);
    case '<=':
      return (x, env) => (l(x, env) <= r(x, env) ? 1 : 0);
    case '>':
      return (x, env) => (l(x, env) > r(x, env) ? 1 : 0);
    case '>=':
      return (x, env) => (l(x, env) >= r(x, env) ? 1 : 0);
    case '&&':
      return (x, env) => (l(x, env) && r(x, env) ? 1 : 0);
    case '||':
      return (x, env) => (l(x, env) || r(x, env) ? 1 : 0);
  }
}
