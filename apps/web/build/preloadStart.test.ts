import { describe, expect, it } from 'vitest';
import { importedStyles, staticClosure } from './preloadStart.ts';

describe('staticClosure', () => {
  it('lists a chunk and its static imports once each, following imports of imports, never dynamic ones or assets', () => {
    const bundle = {
      'start.js': { type: 'chunk' as const, imports: ['react.js', 'antd.js'], dynamicImports: ['page.js'] },
      'react.js': { type: 'chunk' as const, imports: [] },
      'antd.js': { type: 'chunk' as const, imports: ['react.js', 'style.css'] },
      'style.css': { type: 'asset' as const },
      'page.js': { type: 'chunk' as const, imports: ['react.js'] },
    };
    expect(staticClosure(bundle, 'start.js')).toEqual(['start.js', 'react.js', 'antd.js']);
  });
});

describe('importedStyles', () => {
  it("lists the stylesheets of the chunks once each, in the chunks' order", () => {
    const css = (...files: string[]) => ({ importedCss: new Set(files) });
    const bundle = {
      'start.js': { type: 'chunk' as const, viteMetadata: css('start.css') },
      'antd.js': { type: 'chunk' as const, viteMetadata: css('antd.css', 'start.css') },
      'react.js': { type: 'chunk' as const },
    };
    expect(importedStyles(bundle, ['start.js', 'react.js', 'antd.js'])).toEqual(['start.css', 'antd.css']);
  });
});
