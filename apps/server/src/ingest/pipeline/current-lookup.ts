import type { ValueLookup } from '@dcc/protocol';
import type { PointReading } from './pipeline-decode.ts';

/** What a value range or formula reads another point's current value from. */
export interface ValueSource {
  get(address: number): number | undefined;
}

/**
 * A device's current values while a batch is decoded, for formulas and value ranges that name another
 * point ($n$): the numbers of its stored row, then those of each frame decoded since (a null reading
 * keeps the value before it). Most tables name no other point, so the map is made at the first
 * lookup only; until then the frames are only remembered.
 */
export class CurrentValues implements ValueSource {
  private numbers: Map<number, number> | null = null;
  private pending: Array<readonly PointReading[]> = [];
  readonly lookup: ValueLookup = (address) => this.get(address);

  /** `stored`, the device's stored row: its readings are asked for at the first lookup only (a kept row makes them then). */
  constructor(private stored?: { readonly readings: readonly PointReading[] }) {}

  get(address: number): number | undefined {
    if (!this.numbers) {
      this.numbers = new Map();
      if (this.stored) this.setNumbers(this.stored.readings);
      this.stored = undefined;
      for (const readings of this.pending) this.setNumbers(readings);
      this.pending = [];
    }
    return this.numbers.get(address);
  }

  /** The readings of a frame just decoded. */
  add(readings: readonly PointReading[]): void {
    if (this.numbers) this.setNumbers(readings);
    else this.pending.push(readings);
  }

  private setNumbers(readings: readonly PointReading[]): void {
    for (const { address, value } of readings) if (value !== null) this.numbers!.set(address, value);
  }
}
