import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The local rules' name and version for eslint's cache (`npm run lint` uses --cache): eslint keys its cache on the
 * config's plugins by name and version, not their code, so the version is this file's hash and a change to a rule
 * here lints every file again.
 */
const LOCAL_META = {
  name: 'local',
  version: createHash('sha256')
    .update(readFileSync(import.meta.filename))
    .digest('hex')
    .slice(0, 16),
};

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

/** Query-builder calls that run or begin SQL (Kysely); a route file calls services and repos instead. */
const QUERY_CALLS = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
  'transaction',
  'connection',
  'executeQuery',
]);

/**
 * No SQL in route files (docs/ARCHITECTURE.md "Layers"): a server file whose name holds `routes` binds calls
 * to services and repos; it imports nothing but types from kysely (no `sql`) and calls no query builder.
 */
const noQueriesInRoutes = {
  meta: {
    type: 'problem',
    messages: {
      kysely: "a route file imports '{{name}}' from kysely: move the query into the module's repo or service",
      query: "a route file calls '{{name}}': move the query into the module's repo or service",
    },
  },
  create(context) {
    if (!path.basename(context.filename).includes('routes')) return {};
    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'kysely' || node.importKind === 'type') return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.importKind === 'type') continue;
          context.report({ node: specifier, messageId: 'kysely', data: { name: specifier.local.name } });
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (QUERY_CALLS.has(callee.property.name))
          context.report({ node: callee.property, messageId: 'query', data: { name: callee.property.name } });
      },
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
    plugins: {
      local: {
        meta: LOCAL_META,
        rules: { 'module-boundaries': moduleBoundaries, 'no-queries-in-routes': noQueriesInRoutes },
      },
    },
    rules: { 'local/module-boundaries': 'error', 'local/no-queries-in-routes': 'error' },
  },
);
