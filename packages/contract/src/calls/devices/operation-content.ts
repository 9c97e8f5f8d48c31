import { LOGGED_TIME_FIELDS, type DeviceOperation, type LoggedChange, type LoggedPointValue } from './commands.ts';

/**
 * What an operation log entry did, line by line, in the reader's language: each field by name (old → new)
 * and each point set by name with its value or option. One text for the screens (device detail, log
 * management) and the log export; `t` translates a shared message key, `time` writes an instant.
 */

export type OperationText = {
  t: (key: string, params?: Record<string, string | number>) => string;
  time: (value: string) => string;
};

/** Logged fields that hold a code (a device's OTA state and reason), by the code's name. */
const CODE_FIELDS: Partial<Record<LoggedChange['field'], string>> = {
  otaState: 'deviceHistory.operation.otaStates',
  otaReason: 'deviceHistory.operation.otaReasons',
};

function valueText(field: LoggedChange['field'], value: LoggedChange['from'], { t, time }: OperationText): string {
  if (value === null || value === '') return t('deviceHistory.operation.none');
  const codes = CODE_FIELDS[field];
  if (codes !== undefined && typeof value === 'string') return t(`${codes}.${value}`);
  if (typeof value === 'boolean') return t(value ? 'deviceHistory.operation.yes' : 'deviceHistory.operation.no');
  return LOGGED_TIME_FIELDS.has(field) && typeof value === 'string' ? time(value) : String(value);
}

function changeText(change: LoggedChange, format: OperationText): string {
  const name = format.t(`deviceHistory.operation.fields.${change.field}`);
  const to = valueText(change.field, change.to, format);
  return change.from === null ? `${name}: ${to}` : `${name}: ${valueText(change.field, change.from, format)} → ${to}`;
}

function pointText(point: LoggedPointValue, { t }: OperationText): string {
  const name = point.name || t('deviceHistory.operation.point', { address: point.address });
  if (point.value === null) return `${name}: ${t('deviceHistory.operation.none')}`;
  return `${name}: ${point.label ?? (point.unit ? `${point.value} ${point.unit}` : String(point.value))}`;
}

export function operationContent(
  entry: Pick<DeviceOperation, 'changes' | 'points' | 'summary'>,
  format: OperationText,
): string[] {
  const lines = [
    ...entry.changes.map((change) => changeText(change, format)),
    ...entry.points.map((point) => pointText(point, format)),
  ];
  return lines.length > 0 ? lines : entry.summary ? [entry.summary] : [];
}
