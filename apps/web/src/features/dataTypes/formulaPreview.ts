import { useEffect, useState } from 'react';
import type { compileFormula as CompileFormula, FormulaErrorCode } from '@dcc/protocol';

/** What a rule gives for a sample input: the output, or why it does not parse or evaluate. */
export type PreviewResult = { ok: true; output: number } | { ok: false; code: FormulaErrorCode; position: number };

type Compile = typeof CompileFormula;

/** The protocol engine's formula compiler, loaded on first use (it stays out of every other chunk). */
export function useFormulaCompiler(): Compile | null {
  const [compile, setCompile] = useState<Compile | null>(null);
  useEffect(() => {
    let alive = true;
    void import('@dcc/protocol').then(({ compileFormula }) => {
      if (alive) setCompile(() => compileFormula);
    });
    return () => {
      alive = false;
    };
  }, []);
  return compile;
}

/** Evaluates a rule for one input; a blank rule is the identity, as on the server. */
export function previewRule(compile: Compile, rule: string, input: number): PreviewResult {
  if (rule.trim() === '') return { ok: true, output: input };
  const compiled = compile(rule.trim());
  if (!compiled.ok) return { ok: false, code: compiled.error.code, position: compiled.error.position };
  const result = compiled.formula.evaluate(input);
  return result.ok ? { ok: true, output: result.value } : { ok: false, code: result.error.code, position: result.error.position };
}

/** A number as the preview shows it: at most 6 decimals, no trailing zeros. */
export const formatPreviewNumber = (value: number) => String(Number(value.toFixed(6)));
