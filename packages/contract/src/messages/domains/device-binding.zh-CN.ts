import type { deviceBindingEnUS } from './device-binding.en-US.ts';

/** 整机条码绑定与 MAC 映射相关调用的提示（issue 11），中文。 */
export const deviceBindingZhCN: Record<keyof typeof deviceBindingEnUS, string> = {
  'deviceBinding.error.snBound': '该设备已绑定条码 {{sn}}，请先解绑',
  'deviceBinding.error.snNotBound': '该设备未绑定条码',
  'deviceBinding.error.macTaken': 'MAC 地址 {{mac}} 已存在',
  'deviceBinding.error.macRepeated': 'MAC 地址 {{mac}} 重复填写',
  'deviceBinding.error.macNotUndistributed': '只有未分配的 MAC 地址可以分配或删除',
  'deviceBinding.error.macNotOccupied': '只有已占用的 MAC 地址可以确认',
  'deviceBinding.error.macNotAllocated': '该 MAC 地址未分配给设备',
  'deviceBinding.error.deviceHasMac': '该设备已有 MAC 地址 {{mac}}',
  'deviceBinding.error.macDeviceOutsideOwner': '该设备不属于持有此 MAC 地址的企业',
  'deviceBinding.validation.sn.required': '请输入整机条码',
  'deviceBinding.validation.sn.format': '整机条码为 6-32 位大写字母、数字或“-”（首尾不能是“-”）',
  'deviceBinding.validation.boundFilter': '请选择全部、已绑定或未绑定',
  'deviceBinding.validation.mac.format': 'MAC 地址为 6 个十六进制字节，如 3C:A5:08:12:AB:CD（单播地址，不能全为 0）',
  'deviceBinding.validation.macs': '请输入 1 到 500 个 MAC 地址',
  'deviceBinding.validation.macId': 'MAC 地址 ID 不能为空',
  'deviceBinding.validation.macState': '请选择有效的分配状态',
};
