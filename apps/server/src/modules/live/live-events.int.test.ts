import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Button,
  deleteDevice,
  DEVICE_EVENTS_STREAM_PATH,
  ErrorCode,
  logout,
  moveDevices,
  openDeviceEvents,
} from '@dcc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { DeviceEvent } from '../../events/device-events.ts';
import { DEVICE_EVENTS_CHANNEL } from '../../events/pg-device-events.ts';
import { newDealer, newDevice, newMember, newProduct, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { secretBox } from '../devices/secret-box.ts';
import { newDemoDevice } from '../../../test/device-link.ts';

/** P -> A -> A1, and B beside A; the caller is a member of A with the device list button. */
const env = {} as {
  t: TestApp;
  base: string;
  A: string;
  A1: string;
  B: string;
  deviceA: string;
  deviceA1: string;
  deviceB: string;
  userPhone: string;
};
const box = secretBox(loadConfig({}).deviceSecretKey);

beforeAll(async () => {
  env.t = await startTestApp({
    live: {
      ...loadConfig({}).live,
      heartbeatMs: 300,
      sessionCheckMs: 100,
      scopeRefreshMs: 200,
      maxStreamsPerSession: 2,
    },
  });
  await env.t.app.listen({ port: 0, host: '127.0.0.1' });
  env.base = `http://127.0.0.1:${(env.t.app.server.address() as AddressInfo).port}`;
  const db = env.t.db;
  const P = await newDealer(db, { level: 0 });
  env.A = await newDealer(db, { parentId: P, level: 1 });
  env.A1 = await newDealer(db, { parentId: env.A, level: 2 });
  env.B = await newDealer(db, { parentId: P, level: 1 });
  const productId = await newProduct(db);
  env.deviceA = await newDevice(db, env.A, box, productId);
  env.deviceA1 = await newDevice(db, env.A1, box, productId);
  env.deviceB = await newDevice(db, env.B, box, productId);
  const user = await newUser(db);
  await newMember(db, env.A, user.id, [Button.DEVICES]);
  env.userPhone = user.phone;
});
afterAll(async () => env.t.close());

const status = (deviceId: string, dealerId: string, code = 1910): DeviceEvent => ({
  kind: 'status',
  deviceId,
  deviceCode: `C-${deviceId}`,
  dealerId,
  status: 'OFFLINE',
  code,
  at: new Date().toISOString(),
});

async function ticketFor(sessionid: string, payload: Record<string, unknown> = {}, language?: string): Promise<string> {
  const answer = await call<{ ticket: string; streamPath: string }>(env.t.app, openDeviceEvents, payload, {
    sessionid,
    dealersId: env.A,
    language,
  });
  expect(answer.body.error_code).toBe(0);
  expect(answer.body.objectResult!.streamPath).toBe(DEVICE_EVENTS_STREAM_PATH);
  return answer.body.objectResult!.ticket;
}

/** A refused stream request, on its own connection (no keep-alive socket left for the server to wait for). */
function refusal(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${env.base}${DEVICE_EVENTS_STREAM_PATH}${query}`, { agent: false }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }),
        );
      })
      .on('error', reject);
  });
}

const DRAIN_MARK = 'drained';

/** An open stream read with fetch: the messages received so far, and a wait for one that matches. */
async function openStream(ticket: string) {
  const controller = new AbortController();
  const response = await fetch(`${env.base}${DEVICE_EVENTS_STREAM_PATH}?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  });
  const messages: Array<{ event: string; data: Record<string, unknown> }> = [];
  let comments = 0;
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(':')) comments += 1;
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) messages.push({ event, data: JSON.parse(data) as Record<string, unknown> });
        }
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  const until = async (check: () => boolean, ms = 3000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out; messages: ${JSON.stringify(messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    response,
    messages,
    comments: () => comments,
    ended: () => ended,
    until,
    /**
     * Publishes a status event of a device the stream shows after the events under test, waits for it and
     * takes it out again: the stream keeps the bus's order, so whatever it would show of the earlier ones has come.
     */
    drained: async (deviceId: string, dealerId: string) => {
      env.t.events.publish({
        ...(status(deviceId, dealerId) as Extract<DeviceEvent, { kind: 'status' }>),
        deviceCode: DRAIN_MARK,
      });
      await until(() => messages.some((message) => message.data.deviceCode === DRAIN_MARK));
      messages.splice(
        messages.findIndex((message) => message.data.deviceCode === DRAIN_MARK),
        1,
      );
    },
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

describe('live device events', () => {
  it("streams the subtree's status, values and fault events with offline texts, never another branch's, and heartbeats", async () => {
    const session = await loginAs(env.t.app, env.userPhone);
    const stream = await openStream(await ticketFor(session, {}, 'zh_CN'));
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    env.t.events.publish(status(env.deviceB, env.B));
    env.t.events.publish(status(env.deviceA, env.A, 6287));
    env.t.events.publish({
      kind: 'values',
      deviceId: env.deviceA1,
      deviceCode: 'x',
      dealerId: env.A1,
      values: [{ address: 1, value: 42 }],
      at: new Date().toISOString(),
    });
    env.t.events.publish({
      kind: 'fault',
      deviceId: env.deviceB,
      deviceCode: 'y',
      dealerId: env.B,
      faultCode: 'E1',
      level: 1,
      open: true,
      at: new Date().toISOString(),
    });
    env.t.events.publish({
      kind: 'fault',
      deviceId: env.deviceA,
      deviceCode: 'z',
      dealerId: env.A,
      faultCode: 'E2',
      level: 2,
      open: true,
      at: new Date().toISOString(),
    });
    env.t.events.publish({
      kind: 'reply',
      deviceCode: 'z',
      seq: 1,
      function: 'setReply',
      status: 0,
      statusName: 'ok',
      at: new Date().toISOString(),
    });
    await stream.until(() => stream.messages.length >= 3 && stream.comments() >= 1);
    await stream.drained(env.deviceA, env.A);
    expect(stream.messages.map((message) => [message.event, message.data.deviceId])).toEqual([
      ['status', env.deviceA],
      ['values', env.deviceA1],
      ['fault', env.deviceA],
    ]);
    expect(stream.messages[0]!.data).toMatchObject({ status: 'OFFLINE', code: 6287, offlineReason: '签名错误' });
    expect(stream.messages[0]!.data.offlineCheckMethod).toMatch(/设备密钥/);
    expect(JSON.stringify(stream.messages)).not.toContain('dealerId');
    await stream.close();
  });

  it('leaves vendor-parameter values out for a reader without B9405, as getDeviceValues does, keeping the order of events', async () => {
    const pump = await newDemoDevice(env.t, { dealerId: env.A });
    const vendor = await newUser(env.t.db);
    await newMember(env.t.db, env.A, vendor.id, [Button.DEVICES, Button.DEVICE_VENDOR_PARAMS]);
    const plain = await openStream(await ticketFor(await loginAs(env.t.app, env.userPhone), { deviceIds: [pump.id] }));
    const full = await openStream(await ticketFor(await loginAs(env.t.app, vendor.phone), { deviceIds: [pump.id] }));
    const values = (list: Array<{ address: number; value: number }>): DeviceEvent => ({
      kind: 'values',
      deviceId: pump.id,
      deviceCode: pump.code,
      dealerId: env.A,
      values: list,
      at: new Date().toISOString(),
    });
    // maxSet (21) is a vendor parameter, setHot (3) a customer one.
    env.t.events.publish(
      values([
        { address: 21, value: 70 },
        { address: 3, value: 50 },
      ]),
    );
    env.t.events.publish(values([{ address: 21, value: 71 }]));
    env.t.events.publish(status(pump.id, env.A));
    await plain.until(() => plain.messages.length >= 2);
    await full.until(() => full.messages.length >= 3);
    await plain.drained(pump.id, env.A);
    await full.drained(pump.id, env.A);
    expect(plain.messages.map((m) => [m.event, m.data.values])).toEqual([
      ['values', [{ address: 3, value: 50 }]],
      ['status', undefined],
    ]);
    expect(full.messages.map((m) => [m.event, m.data.values])).toEqual([
      [
        'values',
        [
          { address: 21, value: 70 },
          { address: 3, value: 50 },
        ],
      ],
      ['values', [{ address: 21, value: 71 }]],
      ['status', undefined],
    ]);
    await plain.close();
    await full.close();
  });

  it("streams only the fault levels the reader's roles may view, as the fault lists show them", async () => {
    const pump = await newDemoDevice(env.t, { dealerId: env.A });
    const reader = await newUser(env.t.db);
    const { roleId } = await newMember(env.t.db, env.A, reader.id, [Button.DEVICES]);
    await env.t.db
      .updateTable('roles')
      .set({ fault_levels: [3] })
      .where('id', '=', roleId)
      .execute();
    const stream = await openStream(await ticketFor(await loginAs(env.t.app, reader.phone), { deviceIds: [pump.id] }));
    const fault = (faultCode: string, level: number): DeviceEvent => ({
      kind: 'fault',
      deviceId: pump.id,
      deviceCode: pump.code,
      dealerId: env.A,
      faultCode,
      level,
      open: true,
      at: new Date().toISOString(),
    });
    env.t.events.publish(fault('E1', 2));
    env.t.events.publish(fault('E3', 3));
    env.t.events.publish(status(pump.id, env.A));
    await stream.until(() => stream.messages.length >= 2);
    await stream.drained(pump.id, env.A);
    expect(stream.messages.map((m) => [m.event, m.data.faultCode])).toEqual([
      ['fault', 'E3'],
      ['status', undefined],
    ]);
    await stream.close();
  });

  it('narrows the stream to the device ids asked for', async () => {
    const session = await loginAs(env.t.app, env.userPhone);
    const stream = await openStream(await ticketFor(session, { deviceIds: [env.deviceA1, env.deviceB] }));
    env.t.events.publish(status(env.deviceA, env.A));
    env.t.events.publish(status(env.deviceB, env.B));
    env.t.events.publish(status(env.deviceA1, env.A1));
    await stream.until(() => stream.messages.length >= 1);
    await stream.drained(env.deviceA1, env.A1);
    expect(stream.messages.map((message) => message.data.deviceId)).toEqual([env.deviceA1]);
    await stream.close();
  });

  it("sends counts when the subtree's devices are deleted or moved (not another branch's), none to a stream of chosen devices", async () => {
    const user = await newUser(env.t.db);
    await newMember(env.t.db, env.A, user.id, [Button.DEVICES, Button.DEVICE_MOVE]);
    const session = await loginAs(env.t.app, user.phone);
    const stream = await openStream(await ticketFor(session));
    const chosen = await openStream(await ticketFor(session, { deviceIds: [env.deviceA] }));
    const options = { sessionid: session, dealersId: env.A };
    const productId = await newProduct(env.t.db);
    const doomed = await newDevice(env.t.db, env.A1, box, productId);
    const moving = await newDevice(env.t.db, env.A, box, productId);
    env.t.events.publish({ kind: 'counts', dealerIds: [env.B], at: new Date().toISOString() });
    expect((await call(env.t.app, deleteDevice, { deviceId: doomed }, options)).body.error_code).toBe(0);
    await stream.until(() => stream.messages.some((message) => message.event === 'counts'));
    const moved = await call(env.t.app, moveDevices, { deviceIds: [moving], targetDealerId: env.A1 }, options);
    expect(moved.body.error_code).toBe(0);
    await stream.until(() => stream.messages.filter((message) => message.event === 'counts').length === 2);
    await stream.drained(env.deviceA, env.A);
    expect(stream.messages.map((message) => message.event)).toEqual(['counts', 'counts']);
    expect(Object.keys(stream.messages[0]!.data)).toEqual(['at']);
    await chosen.drained(env.deviceA, env.A);
    expect(chosen.messages).toEqual([]);
    await stream.close();
    await chosen.close();
  });

  it('ends the stream with -100 once the account signs in elsewhere, and when the session logs out', async () => {
    const first = await loginAs(env.t.app, env.userPhone);
    const stream = await openStream(await ticketFor(first));
    await loginAs(env.t.app, env.userPhone);
    await stream.until(() => stream.ended());
    expect(stream.messages.at(-1)).toMatchObject({ event: 'end', data: { code: ErrorCode.LOGGED_IN_ELSEWHERE } });

    const second = await loginAs(env.t.app, env.userPhone);
    const other = await openStream(await ticketFor(second));
    expect((await call(env.t.app, logout, {}, { sessionid: second })).body.error_code).toBe(0);
    await other.until(() => other.ended());
    expect(other.messages.at(-1)).toMatchObject({ event: 'end', data: { code: ErrorCode.SESSION_EXPIRED } });
    // The stream has ended (its reading is over): nothing published now can reach it.
    env.t.events.publish(status(env.deviceA, env.A));
    expect(other.messages.filter((message) => message.event === 'status')).toEqual([]);
  });

  it('opens a ticket whose session or reach ended since as a stream of its end alone, which an EventSource can read', async () => {
    const opened = async (ticket: string) => {
      const stream = await openStream(ticket);
      await stream.until(() => stream.ended());
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      return stream.messages;
    };
    const first = await loginAs(env.t.app, env.userPhone);
    const replaced = await ticketFor(first, {}, 'en-US');
    const second = await loginAs(env.t.app, env.userPhone);
    expect(await opened(replaced)).toEqual([
      { event: 'end', data: { code: ErrorCode.LOGGED_IN_ELSEWHERE, message: expect.stringMatching(/another device/) } },
    ]);

    const loggedOut = await ticketFor(second);
    expect((await call(env.t.app, logout, {}, { sessionid: second })).body.error_code).toBe(0);
    expect(await opened(loggedOut)).toMatchObject([{ event: 'end', data: { code: ErrorCode.SESSION_EXPIRED } }]);

    const member = await newUser(env.t.db);
    const { roleId } = await newMember(env.t.db, env.A, member.id, [Button.DEVICES]);
    const unreachable = await ticketFor(await loginAs(env.t.app, member.phone));
    await env.t.db.deleteFrom('role_buttons').where('role_id', '=', roleId).execute();
    expect(await opened(unreachable)).toMatchObject([{ event: 'end', data: { code: ErrorCode.PERMISSION_DENIED } }]);
  });

  it('refuses a missing, unknown or used ticket, and more streams than a session may hold', async () => {
    for (const query of ['', '?ticket=', `?ticket=${'x'.repeat(43)}`]) {
      const refused = await refusal(query);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error_code: ErrorCode.LIVE_TICKET_INVALID });
    }
    const session = await loginAs(env.t.app, env.userPhone);
    const ticket = await ticketFor(session);
    const stream = await openStream(ticket);
    const reused = await refusal(`?ticket=${ticket}`);
    expect(reused.status).toBe(403);
    expect(reused.body).toMatchObject({ error_code: ErrorCode.LIVE_TICKET_INVALID });
    const second = await openStream(await ticketFor(session));
    const third = await refusal(`?ticket=${await ticketFor(session)}`);
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({
      error_code: ErrorCode.LIVE_TOO_MANY_STREAMS,
      error_msg: expect.stringContaining('2') as unknown,
    });
    await second.close();
    await stream.close();
  });

  it('refuses a ticket call without the device list button', async () => {
    const other = await newUser(env.t.db);
    await newMember(env.t.db, env.A, other.id, [Button.HOME]);
    const answer = await call(
      env.t.app,
      openDeviceEvents,
      {},
      { sessionid: await loginAs(env.t.app, other.phone), dealersId: env.A },
    );
    expect(answer.body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'tells the console to re-read (resync) once the event bus listens again after losing its connection (PostgreSQL)',
    async () => {
      const session = await loginAs(env.t.app, env.userPhone);
      const stream = await openStream(await ticketFor(session));
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike ${`listen ${DEVICE_EVENTS_CHANNEL}%`}`.execute(
        env.t.db,
      );
      await stream.until(() => stream.messages.some((m) => m.event === 'resync'), 5000);
      await stream.close();
    },
  );
});
