import { LOGGED_TIME_FIELDS, type DeviceOperation, type LoggedChange, type LoggedPointValue } from '@dcc/contract';
import type { TFunction } from 'i18next';
import { codeNames } from '../../../../components/codeNames.ts';

/** What an operation log entry did, line by line, in the reader's language: each field by name (old → new) and each point set by name with its value or option. */

type Format = { t: TFunction; time: (value: string) => string };

function valueText(field: LoggedChange['field'], value: LoggedChange['from'], { t, time }: Format): string {
  if (value === null || value === '') return t('deviceHistory.operation.none');
  if (typeof value === 'boolean') return t(value ? 'deviceHistory.operation.yes' : 'deviceHistory.operation.no');
  return LOGGED_TIME_FIELDS.has(field) && typeof value === 'string' ? time(value) : String(value);
}

function changeText(change: LoggedChange, format: Format): string {
  const name = codeNames.operationField(format.t, change.field);
  const to = valueText(change.field, change.to, format);
  return change.from === null ? `${name}: ${to}` : `${name}: ${valueText(change.field, change.from, format)} → ${to}`;
}

function pointText(point: LoggedPointValue, { t }: Format): string {
  const name = point.name || t('deviceHistory.operation.point', { address: point.address });
  if (point.value === null) return `${name}: ${t('deviceHistory.operation.none')}`;
  return `${name}: ${point.label ?? (point.unit ? `${point.value} ${point.unit}` : String(point.value))}`;
}

export function operationContent(
  entry: Pick<DeviceOperation, 'changes' | 'points' | 'summary'>,
  format: Format,
): string[] {
  const lines = [
    ...entry.changes.map((change) => changeText(change, format)),
    ...entry.points.map((point) => pointText(point, format)),
  ];
  return lines.length > 0 ? lines : entry.summary ? [entry.summary] : [];
}
