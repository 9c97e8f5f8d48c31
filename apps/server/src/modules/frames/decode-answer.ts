import {
  bitsText,
  faultsText,
  localName,
  localUnit,
  translate,
  type DecodedRow,
  type FrameDecodeAnswer,
  type Locale,
  type Say,
} from '@dcc/contract';
import {
  crc16Modbus,
  decodeFrame,
  FUNCTION_CODES,
  hex16,
  MIN_FRAME_LENGTH,
  type CompiledTable,
  type DecodedFrame,
  type DecodedPoint,
  type FrameError,
} from '@dcc/protocol';
import { formulaDetail } from '../data-types/index.ts';

/** Turns a decoded frame (or why it did not decode) into the frame inspector's answer, in the caller's language. */

const FUNCTION_NAMES = new Map<number, string>(Object.entries(FUNCTION_CODES).map(([name, code]) => [code, name]));
const byteHex = (b: number) => b.toString(16).toUpperCase().padStart(2, '0');
// Report rules like x * 0.1 leave float noise (41.50000000000001); twelve significant digits hide it.
const shown = (v: number) => String(Number(v.toPrecision(12)));

function functionName(locale: Locale, code: number): string {
  return translate(locale, `catalog.frame.function.${FUNCTION_NAMES.get(code) ?? 'unknown'}`);
}

function pointText(
  locale: Locale,
  table: CompiledTable,
  p: DecodedPoint,
): { name: string; display: string; description: string } {
  const def = table.byAddress.get(p.address)?.def;
  const name = localName(locale, p.name, def?.enName);
  let display = '';
  if (p.value !== null) {
    const item = def?.enumItems?.find((e) => e.value === p.value);
    if (item) display = localName(locale, item.label, item.enLabel);
    else {
      const unit = localUnit(locale, p.unit, def?.enUnit);
      display = unit ? `${shown(p.value)} ${unit}` : shown(p.value);
    }
  }
  const parts: string[] = [];
  if (p.error) parts.push(formulaDetail(locale, def?.reportFormula ?? '', p.error));
  const say: Say = (key, params) => translate(locale, key, params);
  if (p.faults)
    parts.push(
      faultsText(
        p.faults.map((f) => ({ code: f.faultCode, level: f.level })),
        say,
      ),
    );
  if (p.bits)
    parts.push(
      bitsText(
        p.bits.filter((b) => b.on).map((b) => localName(locale, b.content, b.enContent) || b.code),
        say,
      ),
    );
  return { name, display, description: parts.join('; ') };
}

function rowsOf(locale: Locale, table: CompiledTable, frame: DecodedFrame): DecodedRow[] {
  if (frame.addresses) {
    return frame.addresses.map((address) => {
      const point = table.byAddress.get(address);
      return {
        address,
        pointCode: point?.code ?? '',
        pointName: localName(locale, point?.name, point?.def.enName),
        raw: '',
        value: null,
        display: '',
        unit: localUnit(locale, point?.unit, point?.def.enUnit),
        description: '',
        faults: [],
        error: false,
      };
    });
  }
  return frame.points.map((p) => {
    const text = pointText(locale, table, p);
    return {
      address: p.address,
      pointCode: p.code,
      pointName: text.name,
      raw: p.raw,
      value: p.value,
      display: text.display,
      unit: localUnit(locale, p.unit, table.byAddress.get(p.address)?.def.enUnit),
      description: text.description,
      faults: p.faults ?? [],
      error: p.error !== undefined,
    };
  });
}

/** The header of a frame whose CRC does not match, so the inspector can show both CRCs. */
function headerOfBadCrc(bytes: Uint8Array, locale: Locale): NonNullable<FrameDecodeAnswer['frame']> {
  const end = bytes.length - 2;
  const codeLength = bytes[6] ?? 0;
  const deviceBytes = bytes.subarray(7, Math.min(7 + codeLength, end));
  return {
    head: hex16((bytes[0]! << 8) | bytes[1]!),
    protocolVersion: bytes[2]!,
    functionCode: byteHex(bytes[3]!),
    functionName: functionName(locale, bytes[3]!),
    sequence: (bytes[4]! << 8) | bytes[5]!,
    deviceCode: String.fromCharCode(...deviceBytes),
    crc: hex16(bytes[end]! | (bytes[end + 1]! << 8)),
    crcExpected: hex16(crc16Modbus(bytes, 0, end)),
    crcOk: false,
    byteCount: bytes.length,
  };
}

function refusal(locale: Locale, error: FrameError, bytes: Uint8Array | null): FrameDecodeAnswer {
  const params: Record<string, string | number> = { offset: error.offset, count: bytes?.length ?? 0 };
  let frame: FrameDecodeAnswer['frame'] = null;
  if (error.code === 'frame.crcMismatch' && bytes && bytes.length >= MIN_FRAME_LENGTH) {
    const header = headerOfBadCrc(bytes, locale);
    params.crc = header.crc;
    params.expected = header.crcExpected;
    frame = header;
  }
  return {
    ok: false,
    error: translate(locale, `catalog.${error.code}`, params),
    errorCode: error.code,
    frame,
    rows: [],
  };
}

/** Decodes hex text with a compiled table (null: the version's table does not compile). Never throws. */
export function decodeHex(locale: Locale, bytes: Uint8Array | null, table: CompiledTable | null): FrameDecodeAnswer {
  if (!bytes)
    return {
      ok: false,
      error: translate(locale, 'catalog.frame.notHex'),
      errorCode: 'frame.notHex',
      frame: null,
      rows: [],
    };
  const result = decodeFrame(bytes, table);
  if (!result.ok) return refusal(locale, result.error, bytes);
  const frame = result.frame;
  return {
    ok: true,
    error: '',
    errorCode: '',
    frame: {
      head: frame.head,
      protocolVersion: frame.version,
      functionCode: byteHex(frame.functionCode),
      functionName: functionName(locale, frame.functionCode),
      sequence: frame.seq,
      deviceCode: frame.deviceCode,
      crc: frame.crc,
      crcExpected: frame.crc,
      crcOk: true,
      byteCount: bytes.length,
    },
    rows: table ? rowsOf(locale, table, frame) : [],
  };
}
