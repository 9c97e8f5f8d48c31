import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/build-server.mjs';

const startScript = (packageFile: string): string =>
  (JSON.parse(readFileSync(new URL(packageFile, import.meta.url), 'utf8')) as { scripts: { start: string } }).scripts
    .start;

describe("the server's Node flags", () => {
  it.each(['../../../package.json', '../package.json'])('%s starts the server with every one of them', (file) => {
    const start = startScript(file);
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    const node = start.slice(start.lastIndexOf('&& node ') + '&& node '.length);
    expect(node.split(' ').slice(0, SERVER_NODE_FLAGS.length)).toEqual([...SERVER_NODE_FLAGS]);
    expect(node).toMatch(/dist\/main\.js$/);
  });
});
