import { describe, expect, it } from 'vitest';
import { childConnectionId, mayReportFor } from './rules.ts';

const topology = new Map([
  ['CHILD-1', 'GW-1'],
  ['CHILD-2', 'GW-2'],
]);
const childGateway = (code: string) => topology.get(code);

describe('mayReportFor', () => {
  it('lets a gateway report for itself and its own children only', () => {
    expect(mayReportFor('GW-1', 'GW-1', childGateway)).toEqual({ ok: true, as: 'self' });
    expect(mayReportFor('GW-1', 'CHILD-1', childGateway)).toEqual({ ok: true, as: 'child' });
    expect(mayReportFor('GW-1', 'CHILD-2', childGateway)).toEqual({ ok: false, code: 6401 });
    expect(mayReportFor('GW-1', 'UNKNOWN', childGateway)).toEqual({ ok: false, code: 6401 });
    expect(mayReportFor('CHILD-1', 'GW-1', childGateway)).toEqual({ ok: false, code: 6401 });
  });
  it('names the connection of a child online through its gateway', () => {
    expect(childConnectionId('GW-1')).toBe('gateway:GW-1');
  });
});
