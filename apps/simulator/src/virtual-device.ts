import { EventEmitter } from 'node:events';
import { decodeFrame, deviceTopic } from '@dcc/protocol';
import { signDeviceLogin } from '@dcc/protocol/device-signature';
import type { MqttClient } from 'mqtt';
import { connectDtu } from './dtu-connection.ts';
import type { DeviceModel } from './device-model.ts';
import type { DeviceIdentity } from './identity.ts';
import {
  BURST_REPORTS,
  FLOOD_IN_FLIGHT,
  malformedFrame,
  OVERSIZED_BYTES,
  STALE_TIMESTAMP_MS,
  type Misbehaviour,
} from './misbehaviour.ts';
import { seededRandom, type Random } from './random.ts';
import { emptyStats, type SimStats } from './stats.ts';
import { HeatPumpModel } from './heat-pump-model.ts';
import type { HeatPump } from './heat-pump-physics.ts';
import { modelOf } from './model-of.ts';
import { OtaAgent, type OtaBehaviour } from './ota-agent.ts';

export interface VirtualDeviceOptions {
  /** Broker URL, e.g. mqtt://127.0.0.1:1883. */
  url: string;
  identity: DeviceIdentity;
  /** Seed of the physics: the same seed and code give the same unit. */
  seed?: string;
  reportIntervalMs?: number;
  heartbeatIntervalMs?: number;
  keepaliveSeconds?: number;
  reconnectPeriodMs?: number;
  misbehaviour?: Misbehaviour;
  /** The DTU refuses activation (status illegalValue). */
  failActivation?: boolean;
  /** The DTU starts locked (the console locked it before). */
  locked?: boolean;
  /** Fault bits a heat pump keeps reporting (a fault that is not repaired). */
  stuckFaults?: number;
  /** The DTU's radio signal held at this level, dBm (a unit beside its router); it drifts otherwise. */
  signalDbm?: number;
  /** How long a `drop` device stays connected before it destroys its socket. */
  dropAfterMs?: number;
  /** The firmware version the DTU runs (default 1.0.0) and how it takes an upgrade (ota-agent.ts; default normal). */
  firmwareVersion?: string;
  ota?: OtaBehaviour;
  /** Counters to add to (a fleet passes its own); the device's own otherwise. */
  stats?: SimStats;
  now?: () => number;
}

export const DEFAULT_REPORT_INTERVAL_MS = 30_000;
const CLEAN_END_MS = 2000;

/** Says `disconnect` on the status topic (an external broker sends no will on a clean end, docs/device-protocol.md section 12), then DISCONNECT. */
export async function cleanEnd(client: MqttClient, statusTopic: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), CLEAN_END_MS)));
  const goodbye = async () => {
    if (client.connected) await client.publishAsync(statusTopic, 'disconnect', { qos: 1 });
    await client.endAsync(false);
    return 'ended' as const;
  };
  const ended = await Promise.race([goodbye().catch(() => 'late' as const), late]);
  clearTimeout(timer);
  if (ended === 'late') await client.endAsync(true).catch(() => undefined);
}
export const DEFAULT_HEARTBEAT_INTERVAL_MS = 60_000;

/**
 * One simulated device over its own MQTT connection, signed as docs/device-protocol.md section 13
 * says (re-signed on every reconnect, so the timestamp stays fresh), with its will on the status
 * topic, commands from its down topic and reports, events and heartbeats on its up topic (QoS 1).
 * Events: `connect`, `close`, `published` (payload), `answered` (reply), `ignored` (reason).
 */
export class VirtualDevice extends EventEmitter {
  readonly code: string;
  readonly model: DeviceModel;
  readonly stats: SimStats;
  /** The device side of firmware upgrades. */
  readonly ota: OtaAgent;
  private readonly options: VirtualDeviceOptions;
  private readonly now: () => number;
  private readonly junk: Random;
  private clients: MqttClient[] = [];
  private timers: NodeJS.Timeout[] = [];
  private lastStepMs: number;
  private malformedTurn = 0;
  private stopped = false;

  constructor(options: VirtualDeviceOptions) {
    super();
    this.options = options;
    this.code = options.identity.code;
    this.stats = options.stats ?? emptyStats();
    this.now = options.now ?? Date.now;
    this.lastStepMs = this.now();
    const seed = `${options.seed ?? 'dcc-sim'}:${this.code}`;
    this.junk = seededRandom(`${seed}:junk`);
    this.model = modelOf(this.code, options.identity.kind, seededRandom(seed), this.lastStepMs, {
      failActivation: options.failActivation,
      locked: options.locked,
      stuckFaults: options.stuckFaults,
      signalDbm: options.signalDbm,
    });
    this.ota = new OtaAgent({
      code: this.code,
      version: options.firmwareVersion ?? '1.0.0',
      behaviour: options.ota,
      send: (frame) => this.publish(frame),
    });
  }

  get misbehaviour(): Misbehaviour | undefined {
    return this.options.misbehaviour;
  }

  get connected(): boolean {
    return this.clients.some((c) => c.connected);
  }

  /** Opens the connection (and a twin for `duplicate`); reports start once connected. */
  start(): void {
    this.clients.push(this.connect());
    this.every(this.options.reportIntervalMs ?? DEFAULT_REPORT_INTERVAL_MS, () => this.report());
    if (this.options.identity.kind === 'heatPump')
      this.every(this.options.heartbeatIntervalMs ?? DEFAULT_HEARTBEAT_INTERVAL_MS, () => this.sendHeartbeat());
  }

  /** Closes every connection without a will (a clean DISCONNECT) and stops the timers. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    // A forced end closes the socket without DISCONNECT (the cloud sees 1911); the clean end waits for
    // in-flight acks, so it is given a moment before the socket is closed anyway.
    await Promise.all(this.clients.map((c) => cleanEnd(c, deviceTopic(this.code, 'status'))));
  }

  /**
   * A heat pump from now on keeps these fault bits up and reports at once (what a bad firmware does to a unit:
   * the health gate of an upgrade sees it).
   */
  holdFaults(bits: number): void {
    if (this.model instanceof HeatPumpModel) this.model.pump.holdFaults(bits);
    this.report();
  }

  /**
   * Changes a heat pump as a hand on the unit would (its mode, a setpoint, the tank, the DTU's signal), then reports
   * at once with a heartbeat (which carries the signal).
   */
  adjust(change: (pump: HeatPump) => void): void {
    if (this.model instanceof HeatPumpModel) change(this.model.pump);
    this.report();
    this.sendHeartbeat();
  }

  /** Steps the physics to now and publishes a report (and any event); what the report timer does. */
  report(): void {
    if (this.quiet()) return;
    const now = this.now();
    this.model.step((now - this.lastStepMs) / 1000, now);
    this.lastStepMs = now;
    for (const payload of this.model.reports()) this.publish(payload);
    if (this.misbehaviour === 'burst') {
      const copy = this.model.reports()[0]!;
      for (let k = 1; k < BURST_REPORTS; k++) this.publish(copy);
    }
    if (this.misbehaviour === 'malformed') {
      const valid = this.model.reports()[0]!;
      this.publish(Buffer.from(malformedFrame(valid, this.malformedTurn++, () => this.junk.next())));
    }
    if (this.misbehaviour === 'oversized') this.publish(Buffer.alloc(OVERSIZED_BYTES, 0xaa));
  }

  sendHeartbeat(): void {
    if (this.quiet()) return;
    const beat = this.model.heartbeat();
    if (beat) this.publish(beat);
  }

  private quiet(): boolean {
    return this.stopped || !this.connected || this.misbehaviour === 'silentKeepalive';
  }

  private every(ms: number, task: () => void): void {
    this.timers.push(setInterval(task, ms));
  }

  private credentials() {
    const { code, secret } = this.options.identity;
    const signedAt = this.misbehaviour === 'staleTimestamp' ? Date.now() - STALE_TIMESTAMP_MS : Date.now();
    return signDeviceLogin(code, this.misbehaviour === 'badSignature' ? `${secret}-wrong` : secret, signedAt);
  }

  private connect(twin = false): MqttClient {
    const loop = this.misbehaviour === 'reconnectLoop';
    const client = connectDtu({
      url: this.options.url,
      statusTopic: deviceTopic(this.code, 'status'),
      credentials: () => this.credentials(),
      keepaliveSeconds: this.options.keepaliveSeconds,
      reconnectPeriodMs: loop ? 50 : (this.options.reconnectPeriodMs ?? 5000),
    });
    client.on('connect', () => this.onConnect(client, twin));
    client.on('close', () => this.stats.closes++);
    client.on('error', () => this.stats.connectErrors++);
    client.on('message', (_topic, payload) => this.onCommand(client, payload));
    return client;
  }

  private onConnect(client: MqttClient, twin: boolean): void {
    this.stats.connects++;
    this.stats.connected++;
    client.once('close', () => {
      this.stats.connected--;
      this.emit('close');
    });
    if (this.stopped) return;
    this.emit('connect', client);
    client.subscribe(deviceTopic(this.code, 'down'), { qos: 1 });
    client.publish(deviceTopic(this.code, 'status'), 'online', { qos: 1 });
    switch (this.misbehaviour) {
      case 'silentKeepalive':
        // mqtt.js writes a PINGREQ on its own; destroying its keep-alive manager stops them for this connection.
        client.keepaliveManager?.destroy();
        return;
      case 'reconnectLoop':
        client.stream.destroy();
        return;
      case 'drop':
        this.timers.push(
          setTimeout(
            () => client.stream.destroy(),
            this.options.dropAfterMs ?? 3 * (this.options.reportIntervalMs ?? DEFAULT_REPORT_INTERVAL_MS),
          ),
        );
        break;
      case 'duplicate':
        if (!twin && this.clients.length === 1) this.clients.push(this.connect(true));
        break;
      case 'flood':
        this.flood(client);
        break;
    }
    this.report();
    this.sendHeartbeat();
  }

  /** Publishes reports back to back, keeping FLOOD_IN_FLIGHT unacknowledged, while the connection lasts. */
  private flood(client: MqttClient): void {
    let inFlight = 0;
    const more = () => {
      while (!this.stopped && client.connected && inFlight < FLOOD_IN_FLIGHT) {
        inFlight++;
        this.publish(this.model.reports()[0]!, client, () => {
          inFlight--;
          setImmediate(more);
        });
      }
    };
    more();
  }

  private onCommand(client: MqttClient, payload: Buffer): void {
    this.stats.commandsReceived++;
    if (this.onOtaFrame(payload)) return;
    const answer = this.model.answer(payload);
    if (answer.reply === null) {
      this.stats.commandsIgnored++;
      this.emit('ignored', answer.reason);
      return;
    }
    this.stats.commandsAnswered++;
    this.publish(answer.reply, client);
    this.emit('answered', answer.reply);
  }

  /** Hands an OTA notify or cancel to the agent; false for any other frame. */
  private onOtaFrame(payload: Buffer): boolean {
    const decoded = decodeFrame(payload, null);
    if (!decoded.ok) return false;
    const { otaNotify, otaCancelJob } = decoded.frame;
    if (otaNotify) this.ota.notify(otaNotify);
    else if (otaCancelJob !== undefined) this.ota.cancel(otaCancelJob);
    else return false;
    this.emit('ota', decoded.frame.function);
    return true;
  }

  private publish(payload: Buffer, via?: MqttClient, done?: () => void): void {
    const client = via ?? this.clients.find((c) => c.connected);
    if (!client) return;
    this.stats.published++;
    client.publish(deviceTopic(this.code, 'up'), payload, { qos: 1 }, (error) => {
      if (error) this.stats.publishErrors++;
      else this.stats.acked++;
      done?.();
    });
    this.emit('published', payload);
  }
}
