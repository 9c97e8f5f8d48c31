import { describe, expect, it } from 'vitest';
import { emqxClientEvent, mosquittoStatusChange } from './broker-presence.ts';

const event = (clientid: string, kind: 'connected' | 'disconnected', body: Record<string, unknown>) =>
  emqxClientEvent(
    `$SYS/brokers/emqx@10.0.0.1/clients/${clientid}/${kind}`,
    Buffer.from(JSON.stringify({ clientid, ...body })),
  );

describe('presence from what an external broker tells', () => {
  it('reads a Mosquitto device status message: online, clean disconnect 200, last will 1911', () => {
    expect(mosquittoStatusChange('HP0001', Buffer.from('online'))).toEqual({ deviceCode: 'HP0001', online: true });
    expect(mosquittoStatusChange('HP0001', Buffer.from('disconnect'))).toEqual({
      deviceCode: 'HP0001',
      online: false,
      code: 200,
    });
    expect(mosquittoStatusChange('HP0001', Buffer.from('offline'))).toEqual({
      deviceCode: 'HP0001',
      online: false,
      code: 1911,
    });
    for (const payload of ['', 'OFFLINE', 'offline ', '{"status":"offline"}'])
      expect(mosquittoStatusChange('HP0001', Buffer.from(payload))).toBeNull();
  });

  it('maps each EMQX disconnect reason to its offline code', () => {
    const codes = Object.fromEntries(
      ['normal', 'keepalive_timeout', 'sock_closed', 'tcp_closed', 'takenover', 'discarded', 'protocol_error'].map(
        (reason) => {
          const change = event('HP0001', 'disconnected', { reason });
          return [reason, change && !change.online ? change.code : null];
        },
      ),
    );
    expect(codes).toEqual({
      normal: 200,
      keepalive_timeout: 1910,
      sock_closed: 1911,
      tcp_closed: 1911,
      takenover: 427,
      discarded: 427,
      protocol_error: 1911,
    });
    expect(event('HP0001', 'connected', { connected_at: 1 })).toEqual({ deviceCode: 'HP0001', online: true });
  });

  it('ignores what is not a device client event', () => {
    expect(
      emqxClientEvent('$SYS/brokers/n/clients/HP0001/subscribed', Buffer.from('{"clientid":"HP0001"}')),
    ).toBeNull();
    expect(event('a/b', 'connected', {})).toBeNull();
    expect(event('HP0001', 'disconnected', {})).toBeNull();
    expect(emqxClientEvent('$SYS/brokers/n/clients/HP0001/disconnected', Buffer.from('not json'))).toBeNull();
    expect(
      emqxClientEvent(
        '$SYS/brokers/n/clients/HP0001/disconnected',
        Buffer.from('{"clientid":"HP0002","reason":"normal"}'),
      ),
    ).toBeNull();
  });
});
