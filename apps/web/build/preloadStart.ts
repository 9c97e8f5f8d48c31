import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk' | 'asset';
  moduleIds?: readonly string[];
  imports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The files a chunk needs before it runs: itself and its static imports, recursively, in a stable order. */
export function staticClosure(bundle: Record<string, ChunkLike>, fileName: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (seen.has(name) || chunk?.type !== 'chunk') return;
    seen.add(name);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(fileName);
  return [...seen];
}

/** The stylesheets the chunks import, once each, in the chunks' order. */
export const importedStyles = (bundle: Record<string, ChunkLike>, files: readonly string[]): string[] => [
  ...new Set(files.flatMap((file) => [...(bundle[file]?.viteMetadata?.importedCss ?? [])])),
];

/**
 * The console's entry (main.tsx) is tiny and imports the console itself (src/start.tsx) dynamically, so that a
 * reload can start the page's code first. This adds `<link rel="modulepreload">` for start.tsx's chunk and its
 * static imports to index.html, so that they download beside the entry instead of after it has run.
 */
export function preloadStart(moduleSuffix = '/src/start.tsx'): Plugin {
  return {
    name: 'dcc-preload-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return [];
        const start = Object.entries(bundle).find(
          ([, chunk]) => chunk.type === 'chunk' && chunk.moduleIds.some((id) => id.endsWith(moduleSuffix)),
        );
        if (!start) throw new Error(`preloadStart: no chunk for ${moduleSuffix}`);
        const chunks = bundle as Record<string, ChunkLike>;
        const closure = staticClosure(chunks, start[0]);
        // The entry is the page's script already.
        const scripts = closure
          .filter((file) => !html.includes(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
            injectTo: 'head' as const,
          }));
        // Their stylesheets (antd's, start.tsx) too: the import of start.tsx would only ask for them once the entry runs.
        const styles = importedStyles(chunks, closure).map((file) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', crossorigin: true, href: `./${file}` },
          injectTo: 'head' as const,
        }));
        return [...scripts, ...styles];
      },
    },
  };
}
