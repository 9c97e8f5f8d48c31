import type { dashboardEnUS } from './dashboard.en-US.ts';

/** 首页看板调用的消息（issue 21），中文。 */
export const dashboardZhCN: Record<keyof typeof dashboardEnUS, string> = {
  'dashboard.validation.isImportant': '关注标志只能是 0 或 1',
  'dashboard.validation.deviceCode': '请填写物联网编码（最多 64 个字符）',
  'dashboard.validation.time': '请填写有效的时间',
  'dashboard.unfollowed': '设备已取消关注',
  'dashboard.followed': '设备已关注',
};
