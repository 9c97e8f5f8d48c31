import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { antdComponentStyles } from './antdStaticCss.ts';

/** The selectors of a stylesheet's rules, one by one, inside at-rules too. */
const selectorsOf = (css: string): Set<string> =>
  new Set(
    [...css.replace(/@[a-z-]+[^{;]*\{/g, '').matchAll(/([^{}]+)\{[^{}]*\}/g)]
      .flatMap((rule) => rule[1]!.split(','))
      .map((selector) => selector.trim())
      .filter(Boolean),
  );

/** A selector of antd's own zero-runtime stylesheet without the scope of its variables (a class made by its build). */
const unscoped = (selector: string) => selector.replace(/\.css-var-[\w-]+/g, '');

describe("antd's component styles made at build time", () => {
  let ours: Set<string>;
  beforeAll(() => {
    ours = selectorsOf(antdComponentStyles());
  }, 60_000);

  it("hold every rule of antd's own zero-runtime stylesheet, but for the variables antd still writes at run time", () => {
    const antdCss = createRequire(import.meta.url).resolve('antd/dist/antd.css');
    const theirs = [...selectorsOf(readFileSync(antdCss, 'utf8'))].map(unscoped).filter(Boolean);
    // The token's variables (the scope alone) and the components' (`.ant-list-container{--ant-list-...}`,
    // `.ant-tooltip-css-var{...}`) are registered at run time with zeroRuntime too, for the theme in use.
    const variablesOnly = /^\.ant(-[\w-]+)?(-css-var|-container)$/;
    expect(theirs.length).toBeGreaterThan(5000);
    expect(theirs.filter((selector) => !ours.has(selector) && !variablesOnly.test(selector))).toEqual([]);
  });

  it('carry no hash of the theme and none of its token values, which the reduced-motion theme changes', () => {
    expect([...ours].filter((selector) => /css-(dev-only-do-not-override-)?[a-z0-9]{5,}/.test(selector))).toEqual([]);
    expect(antdComponentStyles()).not.toMatch(/--ant-motion-duration-mid:/);
  });
});
