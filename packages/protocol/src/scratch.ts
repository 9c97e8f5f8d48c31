import type { FormulaError } from './formula/index.ts';

/**
 * Per-decode working memory indexed by point index, reused across frames so decoding a frame
 * allocates only its output. Entries are tagged with a generation number instead of cleared.
 */
export class EntryScratch {
  busy = false;
  count = 0;
  order = new Int32Array(0);
  raws = new Float64Array(0);
  values = new Float64Array(0);
  starts = new Int32Array(0);
  ends = new Int32Array(0);
  lowStarts = new Int32Array(0);
  errors: (FormulaError | null)[] = [];
  private gen = 0;
  private inFrame = new Uint32Array(0);
  private entered = new Uint32Array(0);
  private done = new Uint32Array(0);

  /** Starts a new frame for a table of `size` points. */
  begin(size: number): void {
    if (size > this.inFrame.length) this.grow(size);
    if (++this.gen === 0xffffffff) {
      this.inFrame.fill(0);
      this.entered.fill(0);
      this.done.fill(0);
      this.gen = 1;
    }
    this.count = 0;
  }

  /** Whether point i has an entry in the current frame. */
  has(i: number): boolean {
    return this.inFrame[i] === this.gen;
  }

  /** Records point i's raw integer and where its value bytes lie (lowStart -1 unless a high/low pair). */
  add(i: number, raw: number, start: number, end: number, lowStart: number): void {
    this.inFrame[i] = this.gen;
    this.raws[i] = raw;
    this.starts[i] = start;
    this.ends[i] = end;
    this.lowStarts[i] = lowStart;
    this.errors[i] = null;
    this.order[this.count++] = i;
  }

  /** Whether point i's value is already computed in this frame. */
  computed(i: number): boolean {
    return this.done[i] === this.gen;
  }

  /** Marks point i as being computed; false when it already is (a reference cycle). */
  enter(i: number): boolean {
    if (this.entered[i] === this.gen) return false;
    this.entered[i] = this.gen;
    return true;
  }

  /** Stores point i's value or error. */
  settle(i: number, value: number, error: FormulaError | null): void {
    this.values[i] = value;
    this.errors[i] = error;
    this.done[i] = this.gen;
  }

  private grow(size: number): void {
    const n = Math.max(size, this.inFrame.length * 2);
    const grown = <T extends Uint32Array | Int32Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.inFrame = grown(this.inFrame, (k) => new Uint32Array(k));
    this.entered = grown(this.entered, (k) => new Uint32Array(k));
    this.done = grown(this.done, (k) => new Uint32Array(k));
    this.order = new Int32Array(n);
    this.raws = new Float64Array(n);
    this.values = new Float64Array(n);
    this.starts = new Int32Array(n);
    this.ends = new Int32Array(n);
    this.lowStarts = new Int32Array(n);
    this.errors = new Array<FormulaError | null>(n).fill(null);
  }
}
