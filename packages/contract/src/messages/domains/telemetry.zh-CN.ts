import type { telemetryEnUS } from './telemetry.en-US.ts';

/** 设备遥测接口的提示（第 10 期，数据接入），中文。 */
export const telemetryZhCN: Record<keyof typeof telemetryEnUS, string> = {
  'telemetry.validation.time': '请输入有效的时间',
  'telemetry.validation.addresses': '请选择 1 到 20 个点位地址（0-65535）',
  'telemetry.validation.endBeforeStart': '结束时间不能早于开始时间',
  'telemetry.validation.rangeTooLong': '时间范围最多 7 天',
  'telemetry.validation.maxPoints': '点数必须是 100 到 5000 之间的整数',
  'telemetry.validation.day': '请输入有效的日期（YYYY-MM-DD）',
  'telemetry.export.time': '时间',
  'telemetry.validation.current': '当前故障须为是或否',
  'telemetry.packetKind.reply': '物模型应答',
  'telemetry.packetKind.propertyPost': '属性上报',
  'telemetry.packetKind.eventPost': '事件上报',
  'telemetry.packetKind.serviceCall': '服务调用',
  'telemetry.packetKind.command': '下发指令',
  'telemetry.packetKind.other': '其他报文',
};
