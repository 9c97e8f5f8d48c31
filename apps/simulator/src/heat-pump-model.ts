import { demoHeatPumpTable, encodeHeartbeat, encodeReport, type CompiledTable, type EncodeResult } from '@dcc/protocol';
import type { DeviceModel } from './device-model.ts';
import { allPointValues, answerCommand, type DtuControl } from './heat-pump-commands.ts';
import type { HeatPump } from './heat-pump-physics.ts';

let table: CompiledTable | null = null;
/** The demo heat pump's point table, compiled once for every simulated unit. */
export const heatPumpTable = (): CompiledTable => (table ??= demoHeatPumpTable());

const bytesOf = (result: EncodeResult): Buffer => {
  if (!result.ok) throw new Error(`simulator built a bad frame: ${result.error.message}`);
  return Buffer.from(result.bytes);
};

/** A heat pump behind its DTU: binary frames of the demo table (docs/device-protocol.md). */
export class HeatPumpModel implements DeviceModel {
  readonly control: DtuControl;
  private seq = 0;

  constructor(
    readonly code: string,
    readonly pump: HeatPump,
    options: { failActivation?: boolean | undefined; locked?: boolean | undefined } = {},
  ) {
    this.control = {
      activated: false,
      locked: options.locked ?? false,
      failActivation: options.failActivation ?? false,
    };
  }

  private nextSeq(): number {
    this.seq = (this.seq + 1) & 0xffff;
    return this.seq;
  }

  step(seconds: number, nowMs: number): void {
    this.pump.step(seconds, nowMs);
  }

  reports(): Buffer[] {
    return [
      bytesOf(
        encodeReport(this.code, allPointValues(this.pump, heatPumpTable()), heatPumpTable(), { seq: this.nextSeq() }),
      ),
    ];
  }

  heartbeat(): Buffer {
    return bytesOf(
      encodeHeartbeat(
        this.code,
        { rssi: this.pump.rssi, mainboardLink: this.pump.mainboardLink },
        { seq: this.nextSeq() },
      ),
    );
  }

  answer(payload: Buffer) {
    const outcome = answerCommand(payload, this.code, heatPumpTable(), this.pump, this.control);
    return outcome.kind === 'reply' ? { reply: Buffer.from(outcome.bytes) } : { reply: null, reason: outcome.reason };
  }
}
