import type { ByteLength } from './data-type.ts';

export type PointMode = 'R' | 'W' | 'RW';
export type FaultLevel = 0 | 1 | 2 | 3;

/** An enum item: a value and its label (spec: definition, English definition, description). */
export interface EnumItem {
  value: number;
  label: string;
  enLabel?: string;
  description?: string;
}

/** A named bit of a binary-items point (e.g. bit 0 compressor). */
export interface BinaryItem {
  bit: number;
  code: string;
  content: string;
  enContent?: string;
}

/** A fault of a fault-type point: active when its bit is set, or when the value equals `value`. */
export interface FaultDefinition {
  faultCode: string;
  level: FaultLevel;
  bit?: number;
  value?: number;
  description?: string;
  enDescription?: string;
}

/**
 * A protocol point with every field of spec section 3. The address is the point number that
 * `$n$` references; a 32-bit point with highLow spans two registers, highPoint (its own address)
 * carrying the upper 16 bits and lowPoint the lower 16 bits.
 */
export interface PointDef {
  address: number;
  code: string;
  name: string;
  enName?: string;
  mode: PointMode;
  vendorParam?: boolean;
  clientParam?: boolean;
  basicInfo?: boolean;
  endUserDisplay?: boolean;
  hidden?: boolean;
  /** Protocol code class: a free grouping label of the console. */
  codeClass?: string;
  byteLength: ByteLength;
  highLow?: boolean;
  highPoint?: number;
  lowPoint?: number;
  /** Name of a data type; none means raw unsigned. */
  dataType?: string | null;
  /** Applied after the data type's report rule (x is its result). */
  reportFormula?: string;
  /** Applied before the data type's send rule (x is the value being set). */
  sendFormula?: string;
  faultType?: boolean;
  /** `min..max`, either end a number or `$n$`. */
  valueRange?: string;
  unit?: string;
  /** The unit in English where it is a word ('steps' for '步'); absent for a symbol read alike in both languages. */
  enUnit?: string;
  defaultValue?: number | null;
  description?: string;
  enDescription?: string;
  enumItems?: EnumItem[];
  binaryItems?: BinaryItem[];
  faultDefinitions?: FaultDefinition[];
}
