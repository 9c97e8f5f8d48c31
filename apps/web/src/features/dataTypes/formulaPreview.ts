import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { compileFormula as CompileFormula, FormulaErrorCode } from '@dcc/protocol';

/** What a rule gives for a sample input: the output, or why it does not parse or evaluate. */
export type PreviewResult = { ok: true; output: number } | { ok: false; code: FormulaErrorCode; position: number };

type Compile = typeof CompileFormula;

/** The protocol engine's formula compiler, loaded on first use (it stays out of every other chunk). */
export const loadFormulaCompiler = async (): Promise<Compile> => (await import('@dcc/protocol')).compileFormula;

/** The formula compiler once loaded; null until then. */
export function useFormulaCompiler(): Compile | null {
  const [compile, setCompile] = useState<Compile | null>(null);
  useEffect(() => {
    let alive = true;
    void loadFormulaCompiler().then((compileFormula) => {
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
  return result.ok
    ? { ok: true, output: result.value }
    : { ok: false, code: result.error.code, position: result.error.position };
}

/** Both rules of a data type for a sample raw value: the report rule on the raw value, the send rule on what the report rule gives. */
export function previewRules(
  compile: Compile,
  reportRule: string,
  sendRule: string,
  raw: number,
): { report: PreviewResult; send: PreviewResult; sendInput: number } {
  const report = previewRule(compile, reportRule, raw);
  const sendInput = report.ok ? report.output : raw;
  return { report, send: previewRule(compile, sendRule, sendInput), sendInput };
}

/** Why a rule failed in the preview, as the preview and the rule's field error say it. */
export const previewProblem = (t: TFunction, result: Extract<PreviewResult, { ok: false }>): string =>
  t('dataTypes.preview.invalid', { reason: t(`dataTypes.formulaError.${result.code}`), position: result.position + 1 });

/** A number as the preview shows it: at most 6 decimals, no trailing zeros. */
export const formatPreviewNumber = (value: number) => String(Number(value.toFixed(6)));
