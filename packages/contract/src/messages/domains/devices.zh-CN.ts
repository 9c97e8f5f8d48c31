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
  'devices.validation.filter.field': '请选择字段名',
  'devices.validation.filter.symbol': '请选择条件符号',
  'devices.validation.filter.value': '请输入值',
  'devices.validation.filter.combinator': '请选择且或者或',
  'devices.validation.filter.tooMany': '最多只支持六个筛选条件',
  'devices.validation.filter.faultCode': '请输入故障码',
  'devices.validation.filter.faultStartTime': '请选择故障开始时间',
  'devices.validation.filter.province': '请选择省份',
  'devices.validation.filter.city': '请选择该省份的城市',
  'devices.validation.filter.parameterProduct': '请先选择产品',
  'devices.validation.filter.parameterPoint': '请选择参数',
  'devices.validation.filter.parameterSymbol': '请选择参数的条件',
  'devices.validation.filter.parameterValue': '请输入参数的值',
};
