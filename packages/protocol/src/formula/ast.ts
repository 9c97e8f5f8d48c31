export type BinaryOp =
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '&'
  | '|'
  | '^'
  | '<<'
  | '>>'
  | '>>>'
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | '&&'
  | '||';
export type UnaryOp = '-' | '+' | '~' | '!';
export type FunctionName = 'abs' | 'min' | 'max' | 'round' | 'floor' | 'ceil';

/** A parsed formula; pos is the character position of the node's first token (for evaluation errors). */
export type Node =
  | { type: 'num'; value: number; pos: number }
  | { type: 'x'; pos: number }
  | { type: 'ref'; address: number; pos: number }
  | { type: 'unary'; op: UnaryOp; arg: Node; pos: number }
  | { type: 'binary'; op: BinaryOp; left: Node; right: Node; pos: number }
  | { type: 'cond'; test: Node; then: Node; otherwise: Node; pos: number }
  | { type: 'call'; name: FunctionName; args: Node[]; pos: number };

/** Arity of each function: [least, most] arguments. */
export const FUNCTIONS: Record<FunctionName, readonly [number, number]> = {
  abs: [1, 1],
  min: [1, 16],
  max: [1, 16],
  round: [1, 2],
  floor: [1, 1],
  ceil: [1, 1],
};
