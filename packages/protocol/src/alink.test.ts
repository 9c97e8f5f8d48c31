import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alinkTopic,
  buildEventPost,
  buildPropertyPost,
  buildReply,
  buildServiceCall,
  parseAlinkReply,
  parseAlinkRequest,
} from './alink.ts';

describe('Alink builders', () => {
  it('builds a property post with plain and timed values, and parses it back', () => {
    const req = buildPropertyPost('101', { tTank: 52.3, power: 1, mode: { value: 2, time: 1763800000000 } }, true);
    expect(req).toEqual({
      id: '101',
      version: '1.0',
      method: 'thing.event.property.post',
      params: { tTank: 52.3, power: 1, mode: { value: 2, time: 1763800000000 } },
      sys: { ack: 1 },
    });
    const parsed = parseAlinkRequest(JSON.stringify(req));
    expect(parsed).toEqual({
      ok: true,
      message: {
        kind: 'propertyPost',
        id: '101',
        version: '1.0',
        method: 'thing.event.property.post',
        ack: true,
        properties: { tTank: { value: 52.3 }, power: { value: 1 }, mode: { value: 2, time: 1763800000000 } },
      },
    });
  });

  it('keeps a struct property that is not a {value, time} pair as a value', () => {
    const parsed = parseAlinkRequest({
      id: '1',
      version: '1.0',
      method: 'thing.event.property.post',
      params: { location: { lat: 31.2, lng: 121.5 } },
    });
    expect(parsed.ok && parsed.message.kind === 'propertyPost' && parsed.message.properties.location).toEqual({
      value: { lat: 31.2, lng: 121.5 },
    });
  });

  it('builds an event post and parses its identifier, value and time', () => {
    const req = buildEventPost('7', 'fault', { faultCode: 'E02', level: 3 }, 1763800000000);
    expect(req.method).toBe('thing.event.fault.post');
    expect(parseAlinkRequest(new TextEncoder().encode(JSON.stringify(req)))).toEqual({
      ok: true,
      message: {
        kind: 'eventPost',
        id: '7',
        version: '1.0',
        method: 'thing.event.fault.post',
        event: 'fault',
        value: { faultCode: 'E02', level: 3 },
        time: 1763800000000,
      },
    });
  });

  it('builds a service call (including property.set) and a reply', () => {
    const set = buildServiceCall('9', 'property.set', { setHot: 55 });
    expect(set).toEqual({ id: '9', version: '1.0', method: 'thing.service.property.set', params: { setHot: 55 } });
    expect(parseAlinkRequest(set)).toMatchObject({
      ok: true,
      message: { kind: 'serviceCall', service: 'property.set', params: { setHot: 55 } },
    });
    expect(parseAlinkRequest(buildServiceCall('10', 'defrost', {}))).toMatchObject({
      ok: true,
      message: { kind: 'serviceCall', service: 'defrost' },
    });
    const reply = buildReply(set, 200, { setHot: 55 });
    expect(reply).toEqual({
      id: '9',
      code: 200,
      data: { setHot: 55 },
      message: 'success',
      method: 'thing.service.property.set',
      version: '1.0',
    });
    expect(parseAlinkReply(JSON.stringify(reply))).toEqual({ ok: true, reply });
    expect(buildReply(set, 460).message).toBe('error');
  });

  it('names the MQTT topics', () => {
    expect(alinkTopic('pk1', 'HP01', 'thing.event.property.post')).toBe('/sys/pk1/HP01/thing/event/property/post');
    expect(alinkTopic('pk1', 'HP01', 'thing.service.property.set', true)).toBe(
      '/sys/pk1/HP01/thing/service/property/set_reply',
    );
  });

  it('accepts a numeric id and gives it back as a string', () => {
    expect(
      parseAlinkRequest({ id: 12, version: '1.0', method: 'thing.event.property.post', params: {} }),
    ).toMatchObject({ ok: true, message: { id: '12' } });
  });
});

describe('Alink refusals', () => {
  const good = { id: '1', version: '1.0', method: 'thing.event.property.post', params: { a: 1 } };
  it.each<[string, unknown, string, string]>([
    ['text that is not JSON', '{"id":', 'alink.badJson', ''],
    ['a JSON array', '[1]', 'alink.notObject', ''],
    ['null', null, 'alink.notObject', ''],
    ['a missing id', { ...good, id: undefined }, 'alink.badId', 'id'],
    ['an id with letters', { ...good, id: '12a' }, 'alink.badId', 'id'],
    ['an id past 32 bits', { ...good, id: '4294967296' }, 'alink.badId', 'id'],
    ['another version', { ...good, version: '2.0' }, 'alink.badVersion', 'version'],
    ['an unknown method', { ...good, method: 'thing.event.property.get' }, 'alink.badMethod', 'method'],
    ['a method with a bad identifier', { ...good, method: 'thing.event.9x.post' }, 'alink.badMethod', 'method'],
    ['params that are a list', { ...good, params: [1] }, 'alink.badParams', 'params'],
    [
      'a property name with a dash',
      { ...good, params: { 'water-temp': 1 } },
      'alink.badIdentifier',
      'params.water-temp',
    ],
    ['a fractional time', { ...good, params: { a: { value: 1, time: 1.5 } } }, 'alink.badTime', 'params.a.time'],
    [
      'an event value that is not an object',
      { ...good, method: 'thing.event.fault.post', params: { value: 3 } },
      'alink.badParams',
      'params.value',
    ],
  ])('refuses %s', (_what, input, code, path) => {
    expect(parseAlinkRequest(input)).toMatchObject({ ok: false, error: { code, path } });
  });

  it('refuses a reply without an integer code', () => {
    expect(parseAlinkReply({ id: '1', code: '200' })).toMatchObject({
      ok: false,
      error: { code: 'alink.badCode', path: 'code' },
    });
    expect(parseAlinkReply({ id: '1', code: 200, data: 5 })).toMatchObject({
      ok: false,
      error: { code: 'alink.badParams', path: 'data' },
    });
  });

  it('never throws on arbitrary JSON or text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (text) => {
        const r = parseAlinkRequest(text);
        if (!r.ok) expect(r.error.code).toMatch(/^alink\./);
        parseAlinkReply(text);
      }),
      { numRuns: 2000 },
    );
  });
});
