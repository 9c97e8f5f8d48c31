import type { devicesEnUS } from './devices.en-US.ts';

/** 设备注册相关调用的提示（issue 10），中文。 */
export const devicesZhCN: Record<keyof typeof devicesEnUS, string> = {
  'devices.error.deviceCodeTaken': '该物联网编码的设备已存在',
  'devices.error.snTaken': '该SN的设备已存在',
  'devices.error.productUnknown': '该产品不存在',
  'devices.validation.deviceId': '设备ID不能为空',
  'devices.validation.productId': '请选择产品',
  'devices.validation.deviceCode.required': '请输入物联网编码',
  'devices.validation.deviceCode.format': "物联网编码为4-64位字母、数字、'-'或'_'",
  'devices.validation.deviceName': '请输入设备名称（最多50个字符）',
  'devices.validation.sn': 'SN最多64个字符',
  'devices.validation.model': '型号最多64个字符',
  'devices.validation.address': '地址最多200个字符',
};
