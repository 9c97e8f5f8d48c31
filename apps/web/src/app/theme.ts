import type { ThemeConfig } from 'antd';

/** System UI fonts, then Chinese ones, then the generic sans-serif: the whole document and antd share it. */
export const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  "'Segoe UI'",
  'Roboto',
  "'Helvetica Neue'",
  'Arial',
  "'Noto Sans'",
  "'PingFang SC'",
  "'Hiragino Sans GB'",
  "'Microsoft YaHei'",
  "'Noto Sans CJK SC'",
  "'Source Han Sans SC'",
  "'WenQuanYi Micro Hei'",
  'sans-serif',
  "'Apple Color Emoji'",
  "'Segoe UI Emoji'",
  "'Segoe UI Symbol'",
  "'Noto Color Emoji'",
].join(', ');

/**
 * The antd theme of the console; without motion when the user prefers reduced motion. Its components' styles are a
 * stylesheet made at build time (apps/web/build/antdStaticCss.ts, imported by start.tsx), so no component makes them in
 * the browser (zeroRuntime); their selectors carry no hash of the theme (hashed: false), which differs with the
 * motion, and its variables one fixed scope (cssVar.key).
 */
export const themeFor = (reducedMotion: boolean): ThemeConfig => ({
  token: { fontFamily: FONT_FAMILY, motion: !reducedMotion },
  zeroRuntime: true,
  hashed: false,
  cssVar: { key: 'dcc-antd' },
});
