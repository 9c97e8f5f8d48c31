import { createInstance } from 'i18next';
import {
  LOCALES,
  LOGGED_DEVICE_FIELDS,
  operationContent,
  OPERATION_ACTIONS,
  OPERATION_OUTCOMES,
  type DeviceOperation,
  type Locale,
} from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { allMessages } from '../../../../i18n/allCatalogs.ts';
import { formatTimeIn } from '../../../../components/time/platformTime.ts';

/** The operation log shows every action, field and point by name in the reader's language, never the stored codes. */

function formatIn(locale: Locale) {
  const i18n = createInstance();
  void i18n.init({
    lng: locale,
    resources: { [locale]: { translation: allMessages(locale) } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return { t: i18n.t.bind(i18n), time: (value: string) => formatTimeIn(locale, value) };
}

const entry = (fields: Partial<Pick<DeviceOperation, 'changes' | 'points' | 'summary'>>) => ({
  changes: [],
  points: [],
  summary: '',
  ...fields,
});

describe('the operation log content', () => {
  for (const locale of LOCALES) {
    it(`names every action, outcome and field in ${locale}`, () => {
      const messages = allMessages(locale);
      const keys = [
        ...OPERATION_ACTIONS.map((action) => `deviceHistory.operation.actions.${action}`),
        ...OPERATION_OUTCOMES.map((outcome) => `deviceHistory.operation.outcomes.${outcome}`),
        ...LOGGED_DEVICE_FIELDS.map((field) => `deviceHistory.operation.fields.${field}`),
      ];
      expect(keys.filter((key) => !messages[key])).toEqual([]);
    });
  }

  it('shows a set by point name, value and unit, an option by its label, in English and Chinese', () => {
    const set = entry({
      summary: '3=47, 2=1',
      points: [
        { address: 3, name: 'Hot-water setpoint', value: 47, unit: '°C', label: null },
        { address: 2, name: 'Mode', value: 1, unit: '', label: 'Cooling' },
      ],
    });
    expect(operationContent(set, formatIn('en-US'))).toEqual(['Hot-water setpoint: 47 °C', 'Mode: Cooling']);
    const zh = entry({
      points: [
        { address: 3, name: '热水设定温度', value: 47, unit: '°C', label: null },
        { address: 21, name: '', value: null, unit: '', label: null },
      ],
    });
    expect(operationContent(zh, formatIn('zh-CN'))).toEqual(['热水设定温度: 47 °C', '点位 21: （无）']);
  });

  it('shows fields by name with old and new values, flags as yes or no, times formatted; never the codes', () => {
    const activation = entry({
      changes: [
        { field: 'skipAudit', from: null, to: true },
        { field: 'activateTime', from: null, to: '2026-03-01T02:00:00.000Z' },
      ],
    });
    expect(operationContent(activation, formatIn('en-US'))).toEqual([
      'Skip audit: Yes',
      `Activated at: ${formatTimeIn('en-US', '2026-03-01T02:00:00.000Z')}`,
    ]);
    expect(operationContent(activation, formatIn('zh-CN'))).toEqual([
      '跳过审核: 是',
      `激活时间: ${formatTimeIn('zh-CN', '2026-03-01T02:00:00.000Z')}`,
    ]);
    const edit = entry({
      changes: [
        { field: 'deviceName', from: 'Pump', to: 'Pump 2' },
        { field: 'sn', from: 'SN-1', to: '' },
        { field: 'disabled', from: false, to: true },
      ],
    });
    expect(operationContent(edit, formatIn('en-US'))).toEqual([
      'Device name: Pump → Pump 2',
      'Barcode (SN): SN-1 → (none)',
      'Disabled: No → Yes',
    ]);
    expect(operationContent(edit, formatIn('zh-CN'))).toEqual([
      '设备名称: Pump → Pump 2',
      '整机条码(SN): SN-1 → （无）',
      '禁用: 否 → 是',
    ]);
  });

  it("names an OTA task's state and reason by name, in English and Chinese", () => {
    const ended = entry({
      summary: 'fw-a 1.1.0',
      changes: [
        { field: 'otaTask', from: null, to: '7' },
        { field: 'firmware', from: null, to: 'fw-a' },
        { field: 'firmwareVersion', from: '1.0.0', to: '1.1.0' },
        { field: 'otaState', from: null, to: 'failed' },
        { field: 'otaReason', from: null, to: 'downloadTimeout' },
      ],
    });
    expect(operationContent(ended, formatIn('en-US'))).toEqual([
      'Upgrade task: 7',
      'Firmware: fw-a',
      'Firmware version: 1.0.0 → 1.1.0',
      'Upgrade state: Failed',
      'Reason: download timeout',
    ]);
    const cancelled = entry({ changes: [{ field: 'otaState', from: 'downloading', to: 'cancelled' }] });
    expect(operationContent(cancelled, formatIn('zh-CN'))).toEqual(['升级状态: 下载中 → 已取消']);
  });

  it('falls back to the summary only when the entry names neither fields nor points', () => {
    expect(operationContent(entry({ summary: 'T-1 → T-2' }), formatIn('en-US'))).toEqual(['T-1 → T-2']);
    expect(operationContent(entry({}), formatIn('en-US'))).toEqual([]);
  });
});
