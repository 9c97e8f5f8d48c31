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

/** The antd theme of the console; without motion when the user prefers reduced motion. */
export const themeFor = (reducedMotion: boolean): ThemeConfig => ({
  token: { fontFamily: FONT_FAMILY, motion: !reducedMotion },
});
