import type { liveEnUS } from './live.en-US.ts';

/** 实时推送、网关子设备和动态注册的消息（issue 10，live 部分），中文。 */
export const liveZhCN: Record<keyof typeof liveEnUS, string> = {
  'live.error.topologySameDevice': '网关与子设备是同一台设备',
  'live.error.topologyChildTaken': '该子设备已挂在其他网关下',
  'live.error.topologyMissing': '该设备不是此网关的子设备',
  'live.error.topologyNested': '网关不能作为子设备，子设备也不能作为网关',
  'live.error.dynamicRegistrationOff': '该产品未开启动态注册',
  'live.error.registrationSignature': '产品密钥或签名错误',
  'live.error.registrationReplayed': '该注册请求已被使用',
  'live.error.ticketInvalid': '实时更新链接无效或已过期，请重新连接',
  'live.error.tooManyStreams': '本会话打开的实时更新连接过多（最多 {{max}} 个）',
  'live.validation.deviceIds': '最多 100 个设备 ID',
  'live.validation.gatewayId': '请选择网关',
  'live.validation.childId': '请选择子设备',
  'live.validation.productId': '请选择产品',
};
