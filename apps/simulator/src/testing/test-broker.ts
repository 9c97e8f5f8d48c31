import net, { type AddressInfo } from 'node:net';
import { Aedes, type AuthenticateError } from 'aedes';
import { decodeFrame, demoHeatPumpTable } from '@dcc/protocol';
import { checkDeviceLogin, type SignInCheck } from '@dcc/protocol/device-signature';
import mqtt, { type MqttClient } from 'mqtt';

/** The client id and username the test's cloud connection uses; every other connection must be a signed device. */
export const CLOUD_ID = 'test-cloud';

export interface SignIn {
  clientId: string;
  check: SignInCheck;
}

export interface TestBroker {
  url: string;
  broker: Aedes;
  /** Every device CONNECT and how its signature checked, in order. */
  signIns: SignIn[];
  /** A connected client playing the cloud (any topic). */
  cloud(): Promise<MqttClient>;
  close(): Promise<void>;
}

/**
 * An Aedes broker on a free port that checks device sign-ins with checkDeviceLogin against the given
 * secrets (five-minute window), as our brokers do; the cloud connects by its own client id.
 */
export async function startTestBroker(secrets: ReadonlyMap<string, string>): Promise<TestBroker> {
  const broker = await Aedes.createBroker();
  const signIns: SignIn[] = [];
  broker.authenticate = (client, username, password, done) => {
    if (client.id === CLOUD_ID && username === CLOUD_ID) return done(null, true);
    void checkDeviceLogin(
      { clientId: client.id, username: username ?? '', password: password?.toString('utf8') ?? '' },
      {
        secretOf: (code) => secrets.get(code) ?? null,
        nowMs: Date.now(),
        windowMs: 5 * 60_000,
      },
    ).then((check) => {
      signIns.push({ clientId: client.id, check });
      if (check.ok) done(null, true);
      else
        done(Object.assign(new Error(`sign-in refused ${check.code}`), { returnCode: 5 }) as AuthenticateError, false);
    });
  };
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clouds: MqttClient[] = [];
  return {
    url,
    broker,
    signIns,
    async cloud() {
      const client = await mqtt.connectAsync(url, {
        clientId: CLOUD_ID,
        username: CLOUD_ID,
        password: 'x',
        reconnectPeriod: 0,
      });
      clouds.push(client);
      return client;
    },
    async close() {
      await Promise.all(clouds.map((c) => c.endAsync(true)));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Resolves with the first value `next` produces that passes `accept`, or rejects after `ms`. */
export function waitFor<T>(
  subscribe: (push: (value: T) => void) => () => void,
  accept: (value: T) => boolean,
  ms = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`nothing acceptable within ${ms} ms`));
    }, ms);
    const stop = subscribe((value) => {
      if (!accept(value)) return;
      clearTimeout(timer);
      stop();
      resolve(value);
    });
  });
}

/** Waits for a message on `topic` (exact) whose payload passes `accept`. */
export function nextMessage(
  cloud: MqttClient,
  topic: string,
  accept: (payload: Buffer) => boolean = () => true,
  ms = 5000,
): Promise<Buffer> {
  return waitFor<Buffer>(
    (push) => {
      const onMessage = (t: string, payload: Buffer) => t === topic && push(payload);
      cloud.on('message', onMessage);
      return () => cloud.off('message', onMessage);
    },
    accept,
    ms,
  );
}

/** Polls `condition` every 20 ms until it holds, or fails after `ms`. */
export async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Subscribes the cloud to every up topic and collects the codes of devices that sent a report
 * (a frame decoding as a report, or an Alink property post).
 */
export async function reportingDevices(cloud: MqttClient): Promise<Set<string>> {
  const table = demoHeatPumpTable();
  const reporters = new Set<string>();
  cloud.on('message', (topic, payload) => {
    const d = decodeFrame(payload, table);
    if (d.ok && d.frame.function === 'report') reporters.add(d.frame.deviceCode);
    else if (!d.ok && payload[0] === 0x7b && payload.toString('utf8').includes('"thing.event.property.post"'))
      reporters.add(topic.split('/')[1]!);
  });
  await cloud.subscribeAsync('dev/+/up', { qos: 1 });
  return reporters;
}
