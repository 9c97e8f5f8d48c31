import type { deviceFaultsEnUS } from './device-faults.en-US.ts';

/** 故障与异常设备接口的提示（第 11 期），中文。 */
export const deviceFaultsZhCN: Record<keyof typeof deviceFaultsEnUS, string> = {
  'deviceFaults.error.alreadyRepaired': '该故障已修复',
  'deviceFaults.validation.time': '请输入有效的时间',
  'deviceFaults.validation.endBeforeStart': '结束时间不能早于开始时间',
  'deviceFaults.validation.faultCode': '故障代码最多 20 个字符',
  'deviceFaults.validation.level': '故障等级须为 0、1、2 或 3',
  'deviceFaults.validation.status': '故障状态须为未修复或已修复',
  'deviceFaults.validation.faultId': '请选择故障',
  'deviceFaults.validation.reason': '异常原因须为报文异常、频繁上报、数值越界或长期离线',
};
