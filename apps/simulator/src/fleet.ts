import type { DeviceIdentity, ProductKind } from './identity.ts';
import type { Misbehaviour } from './misbehaviour.ts';
import { emptyStats, type SimStats } from './stats.ts';
import { VirtualDevice, type VirtualDeviceOptions } from './virtual-device.ts';
import { VirtualGateway } from './virtual-gateway.ts';

/** One device of a fleet: who it is, and how it misbehaves, if at all; with `children`, a gateway reporting for them. */
export interface FleetDevice extends DeviceIdentity {
  misbehaviour?: Misbehaviour;
  failActivation?: boolean;
  locked?: boolean;
  stuckFaults?: number;
  children?: Array<{ code: string; kind: ProductKind }>;
}

export interface FleetOptions extends Pick<
  VirtualDeviceOptions,
  'seed' | 'reportIntervalMs' | 'heartbeatIntervalMs' | 'keepaliveSeconds' | 'reconnectPeriodMs'
> {
  url: string;
  devices: readonly FleetDevice[];
  /** New connections per second while the fleet ramps up (default 20), so a broker is not hit by all at once. */
  connectRatePerSecond?: number;
}

export const DEFAULT_CONNECT_RATE = 20;

/** Devices started one after another at the connect rate, sharing one set of counters. */
export class Fleet {
  readonly stats: SimStats = emptyStats();
  readonly devices: VirtualDevice[] = [];
  readonly gateways: VirtualGateway[] = [];
  private rampTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: FleetOptions) {}

  /** Starts the ramp; resolves once every device has been started (not necessarily connected). */
  start(): Promise<void> {
    const rate = this.options.connectRatePerSecond ?? DEFAULT_CONNECT_RATE;
    if (!(rate > 0)) throw new Error(`the connect rate must be above 0, got ${rate}`);
    const queue = [...this.options.devices];
    const gapMs = 1000 / rate;
    const began = Date.now();
    return new Promise((resolve) => {
      const tick = () => {
        this.rampTimer = null;
        // Start as many as are due by now: timers are coarser than the gap at high rates.
        const due = Math.floor((Date.now() - began) / gapMs) + 1;
        while (!this.stopped && queue.length > 0 && this.devices.length + this.gateways.length < due)
          this.launch(queue.shift()!);
        if (this.stopped || queue.length === 0) resolve();
        else this.rampTimer = setTimeout(tick, Math.max(1, gapMs));
      };
      tick();
    });
  }

  private launch(device: FleetDevice): void {
    const { misbehaviour, failActivation, locked, stuckFaults, children, ...identity } = device;
    const { url, seed, reportIntervalMs, heartbeatIntervalMs, keepaliveSeconds, reconnectPeriodMs } = this.options;
    if (children) {
      const gateway = new VirtualGateway({
        url,
        identity,
        children,
        seed,
        reportIntervalMs,
        keepaliveSeconds,
        reconnectPeriodMs,
        stats: this.stats,
      });
      this.gateways.push(gateway);
      gateway.start();
      return;
    }
    const virtual = new VirtualDevice({
      url,
      identity,
      seed,
      reportIntervalMs,
      heartbeatIntervalMs,
      keepaliveSeconds,
      reconnectPeriodMs,
      misbehaviour,
      failActivation,
      locked,
      stuckFaults,
      stats: this.stats,
    });
    this.devices.push(virtual);
    virtual.start();
  }

  get(code: string): VirtualDevice | undefined {
    return this.devices.find((d) => d.code === code);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.rampTimer) clearTimeout(this.rampTimer);
    await Promise.all([...this.devices, ...this.gateways].map((d) => d.stop()));
  }
}

/** Starts a fleet; the server calls this in-process for the demo fleet (SIM_DEVICES). */
export function startSimulatedFleet(options: FleetOptions): Fleet {
  const fleet = new Fleet(options);
  void fleet.start();
  return fleet;
}
