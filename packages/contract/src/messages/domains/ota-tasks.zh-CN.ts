import type { otaTasksEnUS } from './ota-tasks.en-US.ts';

/** 固件升级发布策略与任务接口（issue 23）的消息，中文。 */
export const otaTasksZhCN: Record<keyof typeof otaTasksEnUS, string> = {
  'otaTasks.error.stateWrong': '任务当前为{{state}}状态，不能执行此操作',
  'otaTasks.error.rollbackNoFirmware': '没有可回滚到的版本的固件，请先上传该固件',
  'otaTasks.error.endTimePast': '结束时间必须晚于当前时间',
  'otaTasks.validation.waves': '分批：1 到 10 个递增的百分比（1 到 100），最后一个为 100（如 1, 10, 50, 100）',
  'otaTasks.validation.soakSeconds': '观察期：1 到 604800 秒',
  'otaTasks.validation.healthMargin': '健康容差：0 到 100 个百分点',
  'otaTasks.validation.abortPercent': '中止比例：1 到 100 的整数（百分比）',
  'otaTasks.validation.abortMinDevices': '至少结束多少台后才判断中止：1 到 100000 的整数',
  'otaTasks.validation.retrySeconds': '重试：最多 5 次，每次等待 1 到 86400 秒',
  'otaTasks.validation.window': '维护时段：时间格式为 HH:MM（00:00 到 24:00）',
  'otaTasks.validation.endTime': '结束时间：日期时间，如 2026-12-01 08:00:00',
  'otaTasks.state.running': '进行中',
  'otaTasks.state.finished': '已完成',
  'otaTasks.state.cancelled': '已取消',
  'otaTasks.state.paused': '已暂停',
  'otaTasks.state.awaitingConfirmation': '待确认',
  'otaTasks.state.aborted': '已中止',
  'otaTasks.deviceCancelled.endTime': '设备轮到之前任务已到结束时间',
  'otaTasks.deviceCancelled.aborted': '任务已中止（失败设备过多）',
} as const;
