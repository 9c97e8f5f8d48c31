/** Messages of the log-management calls (issue 22), in Chinese. */
export const logsZhCN = {
  'logs.validation.dateRequired': '请选择日期范围',
  'logs.validation.date': '请输入有效的日期（YYYY-MM-DD）',
  'logs.validation.timeRequired': '请选择时间范围',
  'logs.validation.time': '请输入有效的时间',
  'logs.validation.deviceCodeRequired': '请输入物联网编码',
  'logs.validation.deviceCode': '物联网编码最多 64 个字符',
  'logs.validation.endBeforeStart': '结束不能早于开始',
  'logs.validation.rangeTooLong': '范围超出本查询的上限（接口日志 92 天，通信日志 31 天，通信日志查询 7 天）',
  'logs.validation.outcome': '请选择成功或失败',
  'logs.validation.direction': '请选择上行或下行',
} as const;
