import { fileURLToPath } from 'node:url';

/**
 * A script of bench/ run as a child process, compiled when the parent is (scripts/bench.mjs builds
 * bench/dist), through tsx when the parent runs from source.
 */
export function benchChild(name: string, parentUrl: string): { path: string; execArgv: string[] } {
  const compiled = parentUrl.endsWith('.js');
  return {
    path: fileURLToPath(new URL(`./${name}.${compiled ? 'js' : 'ts'}`, parentUrl)),
    execArgv: compiled ? [] : ['--import', 'tsx'],
  };
}

/** True in the module `name` when it is the script node runs (compiled or not). */
export const isMain = (name: string) => new RegExp(`[/\\\\]${name}\\.[jt]s$`).test(process.argv[1] ?? '');
