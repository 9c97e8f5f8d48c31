import type { PointDef } from './points.ts';
import type { TableError, TableErrorCode } from './table-error.ts';

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Checks the fields of one point that need no other point; pushes each problem found. */
export function validatePointFields(p: PointDef, index: number, errors: TableError[]): void {
  const add = (code: TableErrorCode, field: string, message: string) =>
    errors.push({
      code,
      field,
      message: `Point ${describe(p, index)}: ${message}`,
      index,
      address: p.address,
      pointCode: p.code,
    });

  for (const field of ['enumItems', 'binaryItems', 'faultDefinitions'] as const) {
    if (p[field] !== undefined && p[field] !== null && !Array.isArray(p[field])) {
      add('table.badPoint', field, `${field} must be a list`);
      return;
    }
  }
  if (!isInt(p.address, 0, 0xffff)) add('table.badAddress', 'address', 'the address must be an integer 0-65535');
  if (!isText(p.code)) add('table.badCode', 'code', 'the code must not be empty');
  if (p.mode !== 'R' && p.mode !== 'W' && p.mode !== 'RW') add('table.badMode', 'mode', 'the mode must be R, W or RW');
  if (p.byteLength !== 1 && p.byteLength !== 2 && p.byteLength !== 4)
    add('table.badByteLength', 'byteLength', 'the byte length must be 1, 2 or 4');
  if (p.defaultValue !== undefined && p.defaultValue !== null && !Number.isFinite(p.defaultValue))
    add('table.badDefault', 'defaultValue', 'the default value must be a number');

  const bits = (p.byteLength === 1 || p.byteLength === 2 || p.byteLength === 4 ? p.byteLength : 4) * 8;

  const enumValues = new Set<number>();
  for (const [k, item] of (p.enumItems ?? []).entries()) {
    if (!isObject(item)) {
      add('table.badEnumItem', 'enumItems', `enum item ${k + 1} is not an object`);
      continue;
    }
    if (!isInt(item.value, -0x80000000, 0xffffffff))
      add('table.badEnumItem', 'enumItems', `enum item ${k + 1} needs an integer value`);
    else if (enumValues.has(item.value))
      add('table.badEnumItem', 'enumItems', `enum value ${item.value} is defined twice`);
    else enumValues.add(item.value);
    if (!isText(item.label)) add('table.badEnumItem', 'enumItems', `enum item ${k + 1} has an empty definition`);
  }

  const usedBits = new Set<number>();
  for (const [k, item] of (p.binaryItems ?? []).entries()) {
    if (!isObject(item)) {
      add('table.badBinaryItem', 'binaryItems', `binary item ${k + 1} is not an object`);
      continue;
    }
    if (!isInt(item.bit, 0, bits - 1))
      add('table.badBinaryItem', 'binaryItems', `binary item ${k + 1} needs a bit 0-${bits - 1}`);
    else if (usedBits.has(item.bit)) add('table.badBinaryItem', 'binaryItems', `bit ${item.bit} is named twice`);
    else usedBits.add(item.bit);
    if (!isText(item.code)) add('table.badBinaryItem', 'binaryItems', `binary item ${k + 1} has an empty code`);
  }

  const faultCodes = new Set<string>();
  for (const [k, f] of (p.faultDefinitions ?? []).entries()) {
    const where = `fault definition ${k + 1}`;
    if (!isObject(f)) {
      add('table.badFaultDefinition', 'faultDefinitions', `${where} is not an object`);
      continue;
    }
    if (!isText(f.faultCode)) add('table.badFaultDefinition', 'faultDefinitions', `${where} has an empty fault code`);
    else if (faultCodes.has(f.faultCode))
      add('table.badFaultDefinition', 'faultDefinitions', `fault code ${f.faultCode} is defined twice`);
    else faultCodes.add(f.faultCode);
    if (!isInt(f.level, 0, 3)) add('table.badFaultDefinition', 'faultDefinitions', `${where} needs a level 0-3`);
    const hasBit = f.bit !== undefined;
    const hasValue = f.value !== undefined;
    if (hasBit === hasValue)
      add('table.badFaultDefinition', 'faultDefinitions', `${where} needs either a bit or a value, not both`);
    else if (hasBit && !isInt(f.bit, 0, bits - 1))
      add('table.badFaultDefinition', 'faultDefinitions', `${where} needs a bit 0-${bits - 1}`);
    else if (hasValue && !Number.isFinite(f.value))
      add('table.badFaultDefinition', 'faultDefinitions', `${where} needs a numeric value`);
  }
  if ((p.faultDefinitions?.length ?? 0) > 0 && !p.faultType) {
    add('table.badFaultDefinition', 'faultType', 'fault definitions need the fault-type flag');
  }
}

/** How a point is named in messages: its address and code when it has them. */
export function describe(p: Partial<PointDef>, index: number): string {
  const addr = typeof p.address === 'number' ? `${p.address}` : `#${index + 1}`;
  return typeof p.code === 'string' && p.code ? `${addr} (${p.code})` : addr;
}
