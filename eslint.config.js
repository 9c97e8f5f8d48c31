import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

const SERVER_SRC = path.join(import.meta.dirname, 'apps/server/src');

/** The unit a server file belongs to: a module (`modules/<name>`) or the ingest; null for shared code and the composition roots. */
function unitOf(file) {
  const [top, name, ...rest] = path.relative(SERVER_SRC, file).split(path.sep);
  if (top === 'modules' && rest.length > 0) return `modules/${name}`;
  return top === 'ingest' && name !== undefined ? 'ingest' : null;
}

/**
 * Module boundaries (docs/ARCHITECTURE.md "Module boundaries"): a module of apps/server/src/modules or
 * the ingest may import another one only through that one's index.ts, its public surface. Shared code
 * (auth, db, events, http, the configs) and the composition roots (app.ts, main.ts) are not units;
 * tests may reach anywhere.
 */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    messages: { internal: "'{{spec}}' reaches into {{unit}}: import from its index.ts (its public surface) instead" },
  },
  create(context) {
    const from = unitOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), spec);
      const to = unitOf(target);
      if (to && to !== from && target !== path.join(SERVER_SRC, to, 'index.ts'))
        context.report({ node: node.source, messageId: 'internal', data: { spec, unit: to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { local: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'local/module-boundaries': 'error' },
  },
);
