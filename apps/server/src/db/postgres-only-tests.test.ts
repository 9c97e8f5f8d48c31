import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const SEARCHED = ['apps', 'packages', 'e2e'];

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? testFiles(full) : /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Lines `if (...DATABASE_URL...) {` whose block declares tests: those tests vanish from the report without a database. */
function hiddenDeclarations(text: string): number[] {
  const lines = text.split('\n');
  const found: number[] = [];
  lines.forEach((line, index) => {
    const opening = /^(\s*)if \(.*(DATABASE_URL|databaseUrl).*\)\s*\{\s*$/.exec(line);
    if (!opening) return;
    const closing = `${opening[1]}}`;
    for (let next = index + 1; next < lines.length && lines[next] !== closing; next += 1) {
      if (/^\s*(it|test|describe)(\.\w+)*\(/.test(lines[next]!)) {
        found.push(index + 1);
        return;
      }
    }
  });
  return found;
}

/** Item 16 of issue 8: PostgreSQL-only tests are declared with skipIf, so a run without DATABASE_URL reports them as skipped. */
describe('PostgreSQL-only tests', () => {
  it('finds a test hidden behind an if', () => {
    expect(
      hiddenDeclarations("describe('x', () => {\n  if (process.env.DATABASE_URL) {\n    it('y', () => {});\n  }\n});"),
    ).toEqual([2]);
    expect(
      hiddenDeclarations(
        "  it.skipIf(!process.env.DATABASE_URL)('y', () => {});\n  if (databaseUrl) {\n    await drop();\n  }",
      ),
    ).toEqual([]);
  });

  it('are never declared inside if (DATABASE_URL) but with skipIf', () => {
    const hidden = SEARCHED.flatMap((dir) => testFiles(path.join(ROOT, dir))).flatMap((file) =>
      hiddenDeclarations(fs.readFileSync(file, 'utf8')).map((line) => `${path.relative(ROOT, file)}:${line}`),
    );
    expect(hidden).toEqual([]);
  });
});
