import { createElement, Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import type { Plugin } from 'vite';
import { themeFor } from '../src/app/theme.ts';

/** The module the console imports for antd's styles (start.tsx). */
export const ANTD_CSS_MODULE = 'virtual:antd.css';
const RESOLVED = `\0${ANTD_CSS_MODULE}`;

/** Exports that are no components, or render nothing of their own to style. */
const NOT_RENDERED = new Set(['ConfigProvider', 'Grid', 'version', 'theme', 'unstableSetRender', 'BackTop']);

/**
 * How an export is rendered to register all of its styles, where its bare element would not (antd's own list in
 * @ant-design/static-style-extract, which this follows: parts that only render with props or children).
 */
const e = createElement;
const RENDER: Record<string, () => ReactNode> = {
  Affix: () => e(antd.Affix, null, e('div')),
  Cascader: () => e(Fragment, null, e(antd.Cascader), e(antd.Cascader.Panel)),
  Dropdown: () => e(antd.Dropdown, { menu: { items: [] } }, e('div')),
  Menu: () => e(antd.Menu, { items: [] }),
  QRCode: () => e(antd.QRCode, { value: 'https://example.com' }),
  Tree: () => e(antd.Tree, { treeData: [] }),
  Tag: () => e(Fragment, null, e(antd.Tag, { color: 'blue' }, 'Tag'), e(antd.Tag, { color: 'success' }, 'Tag')),
  Badge: () => e(Fragment, null, e(antd.Badge), e(antd.Badge.Ribbon)),
  Space: () =>
    e(Fragment, null, e(antd.Space), e(antd.Space.Compact, null, e(antd.Button), e(antd.Space.Addon, null, '1'))),
  Input: () =>
    e(
      Fragment,
      null,
      e(antd.Input),
      e(antd.Input.Search),
      e(antd.Input.TextArea),
      e(antd.Input.Password),
      e(antd.Input.OTP),
    ),
  Modal: () =>
    e(
      Fragment,
      null,
      e(antd.Modal),
      e(antd.Modal._InternalPanelDoNotUseOrYouWillBeFired),
      e(antd.Modal._InternalPanelDoNotUseOrYouWillBeFired, { type: 'confirm' }),
    ),
  message: () => e(antd.message._InternalPanelDoNotUseOrYouWillBeFired),
  notification: () => e(antd.notification._InternalPanelDoNotUseOrYouWillBeFired),
  Layout: () =>
    e(antd.Layout, null, e(antd.Layout.Header), e(antd.Layout.Sider), e(antd.Layout.Content), e(antd.Layout.Footer)),
};

/**
 * antd's component styles for the console's theme, as one stylesheet: every component rendered once on the server and
 * the rules its style hooks registered, without the theme's token variables (antd still writes those at run time, so
 * the reduced-motion theme keeps its durations). The console then runs antd with `zeroRuntime` (theme.ts): no
 * component computes, serializes and inserts its styles in the browser.
 */
export function antdComponentStyles(): string {
  const cache = createCache();
  const exports = antd as unknown as Record<string, unknown>;
  const components = Object.keys(exports)
    .filter((name) => !NOT_RENDERED.has(name))
    .filter((name) => /^[A-Z]/.test(name) || name === 'message' || name === 'notification')
    .map((name) => e(Fragment, { key: name }, RENDER[name]?.() ?? e(exports[name] as never)));
  renderToString(
    createElement(
      StyleProvider,
      { cache },
      createElement(antd.ConfigProvider, { theme: { ...themeFor(false), zeroRuntime: false } }, components),
    ),
  );
  return extractStyle(cache, { plain: true, types: ['style'] });
}

/** Serves ANTD_CSS_MODULE: antd's component styles (antdComponentStyles), made once per build or dev server. */
export function antdStaticCss(): Plugin {
  let css: string | undefined;
  return {
    name: 'dcc-antd-static-css',
    resolveId: (id) => (id === ANTD_CSS_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      css ??= antdComponentStyles();
      return css;
    },
  };
}
