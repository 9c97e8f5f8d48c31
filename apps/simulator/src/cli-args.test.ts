import { describe, expect, it } from 'vitest';
import { assignMisbehaviours, parseCliArgs } from './cli-args.ts';
import { madeUpFleet, parseFleetList } from './fleet-list.ts';

describe('simulate command line', () => {
  it('reads devices, rate, url and misbehaviours', () => {
    expect(
      parseCliArgs([
        '--devices',
        '50',
        '--rate',
        '5',
        '--url',
        'mqtt://h:1884',
        '--misbehave',
        'flood:2,drop',
        '--misbehave',
        'malformed',
      ]),
    ).toMatchObject({
      devices: 50,
      rate: 5,
      url: 'mqtt://h:1884',
      fromFile: null,
      misbehave: [
        { kind: 'flood', count: 2 },
        { kind: 'drop', count: 1 },
        { kind: 'malformed', count: 1 },
      ],
    });
  });

  it('refuses unknown misbehaviours, bad numbers and unknown options', () => {
    expect(() => parseCliArgs(['--misbehave', 'explode'])).toThrow(/explode/);
    expect(() => parseCliArgs(['--devices', '-3'])).toThrow(/--devices/);
    expect(() => parseCliArgs(['--devices', '2.5'])).toThrow(/whole/);
    expect(() => parseCliArgs(['--colour', 'red'])).toThrow();
  });

  it('gives the first devices their misbehaviours and refuses more than the fleet has', () => {
    const fleet = assignMisbehaviours(madeUpFleet(4), [
      { kind: 'flood', count: 1 },
      { kind: 'drop', count: 2 },
    ]);
    expect(fleet.map((d) => d.misbehaviour)).toEqual(['flood', 'drop', 'drop', undefined]);
    expect(() => assignMisbehaviours(madeUpFleet(1), [{ kind: 'drop', count: 2 }])).toThrow(/2 devices/);
  });

  it('makes up the same codes and secrets for the same seed, with every tenth a water heater', () => {
    const a = madeUpFleet(20, 'x');
    expect(a).toEqual(madeUpFleet(20, 'x'));
    expect(a[0]!.secret).not.toBe(madeUpFleet(1, 'y')[0]!.secret);
    expect(a.filter((d) => d.kind === 'waterHeater').map((d) => d.code)).toEqual(['SIM000010', 'SIM000020']);
  });

  it('checks a device file entry by entry', () => {
    expect(
      parseFleetList([
        { code: 'HP2406A0001', secret: 'abc', kind: 'waterHeater' },
        { code: 'HP2406A0002', secret: 'd' },
      ]),
    ).toEqual([
      { code: 'HP2406A0001', secret: 'abc', kind: 'waterHeater' },
      { code: 'HP2406A0002', secret: 'd', kind: 'heatPump' },
    ]);
    expect(() => parseFleetList({})).toThrow(/array/);
    expect(() => parseFleetList([{ code: 'a/b', secret: 'x' }])).toThrow(/device 1: code/);
    expect(() => parseFleetList([{ code: 'HP01', secret: '' }])).toThrow(/secret/);
    expect(() =>
      parseFleetList([
        { code: 'HP01', secret: 'x' },
        { code: 'HP01', secret: 'y' },
      ]),
    ).toThrow(/twice/);
    expect(() => parseFleetList([{ code: 'HP01', secret: 'x', kind: 'toaster' }])).toThrow(/kind/);
  });

  it('reads a gateway entry with its children, each code once in the whole file', () => {
    expect(
      parseFleetList([
        { code: 'GW01', secret: 'g', children: [{ code: 'HP01' }, { code: 'WH01', kind: 'waterHeater' }] },
      ]),
    ).toEqual([
      {
        code: 'GW01',
        secret: 'g',
        kind: 'heatPump',
        children: [
          { code: 'HP01', kind: 'heatPump' },
          { code: 'WH01', kind: 'waterHeater' },
        ],
      },
    ]);
    expect(() => parseFleetList([{ code: 'GW01', secret: 'g', children: 'HP01' }])).toThrow(
      /children must be an array/,
    );
    expect(() => parseFleetList([{ code: 'GW01', secret: 'g', children: [{ code: 'a b' }] }])).toThrow(/child 1: code/);
    expect(() => parseFleetList([{ code: 'GW01', secret: 'g', children: [{ code: 'GW01' }] }])).toThrow(/twice/);
    expect(() =>
      parseFleetList([{ code: 'GW01', secret: 'g', children: [{ code: 'HP01', kind: 'toaster' }] }]),
    ).toThrow(/child 1: kind/);
  });
});
