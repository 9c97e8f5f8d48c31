// Measures the console's JavaScript: what /login loads (entry + its static imports, gzipped)
// and the lazily loaded chunks. Run after `npm run build -w apps/web`.
import { gzipSync } from 'node:zlib';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loaded = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || loaded.has(chunk.file)) return;
  loaded.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
// The login page itself may be lazily loaded by the router: count it and its imports too.
const loginKey = Object.keys(manifest).find((key) => /features\/login\/.*index\.tsx$/.test(key) || /login\/index\.tsx$/.test(key));
if (loginKey) visit(loginKey);

const loginJs = [...loaded].filter((file) => file.endsWith('.js'));
const loginTotal = loginJs.reduce((sum, file) => sum + gz(file), 0);
console.log(`JavaScript loaded for /login: ${kb(loginTotal)} gzipped in ${loginJs.length} files (limit 300 KB)`);
for (const file of loginJs) console.log(`  ${file.padEnd(48)} ${kb(gz(file))}`);

const lazy = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry);
console.log(`Lazily loaded chunks: ${lazy.length}`);
for (const chunk of lazy) console.log(`  ${String(chunk.src ?? chunk.file).padEnd(60)} ${kb(gz(chunk.file))}`);
const allJs = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
console.log(`All JavaScript: ${kb(allJs.reduce((sum, file) => sum + gz(join('assets', file)), 0))} gzipped in ${allJs.length} files`);
if (loginTotal > 300 * 1024) process.exitCode = 1;
