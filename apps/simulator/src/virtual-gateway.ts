import { EventEmitter } from 'node:events';
import {
  ALINK_DEVICE_CODE_FIELD,
  deviceTopic,
  gatewayChildStatus,
  payloadDeviceCode,
  type GatewayChildEvent,
} from '@dcc/protocol';
import { signDeviceLogin } from '@dcc/protocol/device-signature';
import type { MqttClient } from 'mqtt';
import { connectDtu } from './dtu-connection.ts';
import type { DeviceModel } from './device-model.ts';
import type { DeviceIdentity, ProductKind } from './identity.ts';
import { modelOf } from './model-of.ts';
import { seededRandom } from './random.ts';
import { emptyStats, type SimStats } from './stats.ts';
import { cleanEnd, DEFAULT_REPORT_INTERVAL_MS } from './virtual-device.ts';

export interface VirtualGatewayOptions {
  /** Broker URL, e.g. mqtt://127.0.0.1:1883. */
  url: string;
  /** The gateway's own identity: it signs in with it and publishes only on its own topics. */
  identity: Pick<DeviceIdentity, 'code' | 'secret'>;
  /** The units wired to it (their IoT codes must be its children in the topology). */
  children: ReadonlyArray<{ code: string; kind: ProductKind }>;
  seed?: string;
  reportIntervalMs?: number;
  keepaliveSeconds?: number;
  reconnectPeriodMs?: number;
  stats?: SimStats;
  now?: () => number;
}

interface Child {
  code: string;
  kind: ProductKind;
  model: DeviceModel;
  /** Whether its link to the gateway is up (the gateway reports for it and passes its commands on). */
  linked: boolean;
}

/**
 * A gateway (docs/device-protocol.md section 17) over one MQTT connection: it reports for each of its
 * children on its own `dev/{code}/up` topic (frames name the child, Alink messages carry `deviceCode`),
 * passes the commands for a child from its own down topic to that child and sends the answer up,
 * and says on its status topic when a child came online, lost its link or had a session error.
 * Events: `connect`, `close`, `answered` (reply), `ignored` (reason).
 */
export class VirtualGateway extends EventEmitter {
  readonly code: string;
  readonly stats: SimStats;
  readonly children: ReadonlyMap<string, Child>;
  private readonly now: () => number;
  private lastStepMs: number;
  private client: MqttClient | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: VirtualGatewayOptions) {
    super();
    const { identity, children, stats = emptyStats(), now = Date.now, seed = 'dcc-sim' } = options;
    [this.code, this.stats, this.now, this.lastStepMs] = [identity.code, stats, now, now()];
    this.children = new Map(
      children.map(({ code, kind }) => [
        code,
        { code, kind, model: modelOf(code, kind, seededRandom(`${seed}:${code}`), this.lastStepMs), linked: true },
      ]),
    );
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  start(): void {
    const statusTopic = deviceTopic(this.code, 'status');
    const credentials = () => signDeviceLogin(this.code, this.options.identity.secret, Date.now());
    const client = connectDtu({
      url: this.options.url,
      statusTopic,
      credentials,
      keepaliveSeconds: this.options.keepaliveSeconds,
      reconnectPeriodMs: this.options.reconnectPeriodMs,
    });
    client.on('connect', () => {
      this.stats.connects++;
      client.subscribe(deviceTopic(this.code, 'down'), { qos: 1 });
      client.publish(statusTopic, 'online', { qos: 1 });
      for (const child of this.children.values()) if (child.linked) this.say('online', child);
      this.emit('connect');
      this.report();
    });
    client.on('close', () => {
      this.stats.closes++;
      this.emit('close');
    });
    client.on('error', () => this.stats.connectErrors++);
    client.on('message', (_topic, payload) => this.onCommand(payload));
    this.client = client;
    this.timer = setInterval(() => this.report(), this.options.reportIntervalMs ?? DEFAULT_REPORT_INTERVAL_MS);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    if (this.client) await cleanEnd(this.client, deviceTopic(this.code, 'status'));
  }

  /** Steps every linked child's physics to now and publishes its reports on the gateway's topic. */
  report(): void {
    if (!this.connected) return;
    const now = this.now();
    for (const child of this.children.values()) {
      if (!child.linked) continue;
      child.model.step((now - this.lastStepMs) / 1000, now);
      for (const payload of child.model.reports()) this.publish(this.named(child, payload));
    }
    this.lastStepMs = now;
  }

  /** The child's link to the gateway broke: the gateway says so (the cloud marks it 1913), stops reporting for it and drops its commands. */
  loseChild(code: string): void {
    this.relink(code, false, 'linkLost');
  }

  /** The child's session failed: the gateway says so (520) and stops reporting for it until restored. */
  failChild(code: string): void {
    this.relink(code, false, 'sessionError');
  }

  /** The child is back: the gateway says it is online and reports for it again. */
  restoreChild(code: string): void {
    this.relink(code, true, 'online');
  }

  private relink(code: string, linked: boolean, event: GatewayChildEvent): void {
    const child = this.children.get(code);
    if (!child) throw new Error(`${code} is not a child of gateway ${this.code}`);
    child.linked = linked;
    this.say(event, child);
  }

  private say(event: GatewayChildEvent, child: Child): void {
    this.client?.publish(deviceTopic(this.code, 'status'), gatewayChildStatus(event, child.code), { qos: 1 });
  }

  /** An Alink message says which child it is for; a frame names the child already. */
  private named(child: Child, payload: Buffer): Buffer {
    if (child.kind === 'heatPump') return payload;
    return Buffer.from(
      JSON.stringify({ ...(JSON.parse(payload.toString('utf8')) as object), [ALINK_DEVICE_CODE_FIELD]: child.code }),
    );
  }

  private onCommand(payload: Buffer): void {
    this.stats.commandsReceived++;
    const code = payloadDeviceCode(payload);
    const child = code === undefined ? undefined : this.children.get(code);
    const answer = child?.linked
      ? child.model.answer(payload)
      : { reply: null, reason: child ? 'child link lost' : `not a child: ${code ?? '?'}` };
    if (answer.reply === null) {
      this.stats.commandsIgnored++;
      this.emit('ignored', answer.reason);
      return;
    }
    this.stats.commandsAnswered++;
    const reply = this.named(child!, answer.reply);
    this.publish(reply);
    this.emit('answered', reply);
  }

  private publish(payload: Buffer): void {
    const client = this.client;
    if (!client?.connected) return;
    this.stats.published++;
    client.publish(deviceTopic(this.code, 'up'), payload, { qos: 1 }, (error) => {
      if (error) this.stats.publishErrors++;
      else this.stats.acked++;
    });
  }
}
