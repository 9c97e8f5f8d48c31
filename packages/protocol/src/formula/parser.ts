import { FUNCTIONS, type BinaryOp, type FunctionName, type Node, type UnaryOp } from './ast.ts';
import { formulaError, type FormulaError } from './errors.ts';
import type { Token } from './lexer.ts';
import { attempt, Refusal } from '../refusal.ts';

// Binding powers, C-like; the ternary binds loosest and is handled apart.
const INFIX: Record<string, number> = {
  '||': 2,
  '&&': 3,
  '|': 4,
  '^': 5,
  '&': 6,
  '==': 7,
  '!=': 7,
  '<': 8,
  '<=': 8,
  '>': 8,
  '>=': 8,
  '<<': 9,
  '>>': 9,
  '>>>': 9,
  '+': 10,
  '-': 10,
  '*': 11,
  '/': 11,
  '%': 11,
};
const TERNARY_BP = 1;
const PREFIX_BP = 12;
// Deep nesting would overflow the JS stack in the recursive parser and evaluator.
const MAX_DEPTH = 64;

/** Parses a token list (from tokenize) into an AST, or gives the first syntax error. */
export function parseTokens(tokens: Token[]): { ok: true; ast: Node } | { ok: false; error: FormulaError } {
  let i = 0;
  let depth = 0;
  const peek = () => tokens[i]!;
  const fail = (code: FormulaError['code'], message: string, pos: number): never => {
    throw new Refusal<FormulaError>(formulaError(code, message, pos));
  };
  const unexpected = (t: Token): never =>
    t.kind === 'eof'
      ? fail('formula.unexpectedEnd', 'The formula ends too early', t.pos)
      : fail('formula.unexpectedToken', `Unexpected '${t.text}' at position ${t.pos}`, t.pos);
  const expectOp = (text: string) => {
    const t = peek();
    if (t.kind !== 'op' || t.text !== text) unexpected(t);
    i++;
  };

  const expression = (minBp: number): Node => {
    if (++depth > MAX_DEPTH) fail('formula.tooDeep', `The formula nests deeper than ${MAX_DEPTH} levels`, peek().pos);
    let left = prefix();
    for (;;) {
      const t = peek();
      if (t.kind !== 'op') break;
      if (t.text === '?') {
        if (TERNARY_BP < minBp) break;
        i++;
        const then = expression(0);
        expectOp(':');
        const otherwise = expression(TERNARY_BP);
        left = { type: 'cond', test: left, then, otherwise, pos: left.pos };
        continue;
      }
      const bp = INFIX[t.text];
      if (bp === undefined || bp <= minBp) break;
      i++;
      const right = expression(bp);
      left = { type: 'binary', op: t.text as BinaryOp, left, right, pos: t.pos };
    }
    depth--;
    return left;
  };

  const prefix = (): Node => {
    const t = peek();
    i++;
    switch (t.kind) {
      case 'num':
        return { type: 'num', value: t.value, pos: t.pos };
      case 'ref':
        return { type: 'ref', address: t.value, pos: t.pos };
      case 'ident':
        return identifier(t);
      case 'op':
        if (t.text === '(') {
          const inner = expression(0);
          expectOp(')');
          return inner;
        }
        if (t.text === '-' || t.text === '+' || t.text === '~' || t.text === '!') {
          return { type: 'unary', op: t.text as UnaryOp, arg: expression(PREFIX_BP - 1), pos: t.pos };
        }
        return unexpected(t);
      default:
        return unexpected(t);
    }
  };

  const identifier = (t: Token): Node => {
    const isCall = peek().kind === 'op' && peek().text === '(';
    if (!isCall) {
      if (t.text === 'x') return { type: 'x', pos: t.pos };
      return fail(
        'formula.unknownIdentifier',
        `Unknown name '${t.text}' at position ${t.pos}; only x and $address$ are values`,
        t.pos,
      );
    }
    if (!Object.hasOwn(FUNCTIONS, t.text)) {
      return fail('formula.unknownFunction', `Unknown function '${t.text}' at position ${t.pos}`, t.pos);
    }
    const name = t.text as FunctionName;
    i++;
    const args: Node[] = [];
    if (!(peek().kind === 'op' && peek().text === ')')) {
      args.push(expression(0));
      while (peek().kind === 'op' && peek().text === ',') {
        i++;
        args.push(expression(0));
      }
    }
    expectOp(')');
    const [least, most] = FUNCTIONS[name];
    if (args.length < least || args.length > most) {
      const wanted = least === most ? `${least}` : `${least} to ${most}`;
      fail('formula.arity', `${name}() takes ${wanted} argument(s), got ${args.length} (position ${t.pos})`, t.pos);
    }
    return { type: 'call', name, args, pos: t.pos };
  };

  const r = attempt<Node, FormulaError>(() => {
    if (peek().kind === 'eof') fail('formula.empty', 'The formula is empty', 0);
    const ast = expression(0);
    if (peek().kind !== 'eof') unexpected(peek());
    return ast;
  });
  return r.ok ? { ok: true, ast: r.value } : r;
}
