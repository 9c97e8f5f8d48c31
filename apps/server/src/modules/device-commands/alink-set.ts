import { ErrorCode, localName, type Locale } from '@dcc/contract';
import { ALINK_DEVICE_CODE_FIELD, buildServiceCall, type AlinkParams, type EncodeResult } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { failOnField } from '../../http/app-error.ts';
import { publishedProperties } from '../../ingest/index.ts';
import type { CommandTarget } from './command-target.ts';
import type { PointValueInput } from './value-rules.ts';

const fieldOf = (index: number) => `values.${index}.value`;
const bound = (value: number | null) => (value === null ? '—' : String(value));
/** Whether `value` lies on the property's step grid (from its minimum, or 0), allowing for binary fractions. */
const onStep = (value: number, step: number | null, min: number | null) =>
  step === null || step <= 0 || Math.abs((value - (min ?? 0)) / step - Math.round((value - (min ?? 0)) / step)) < 1e-9;

/**
 * Checks a property set of a thing-model device against its published model, in the order of the
 * point rules: an address of the model (6554), not twice (6561), access rw (6555), then the property's
 * specs: enum and bool values (6559), minimum and maximum (6557), integers and the step (6558); text and
 * date properties are not numbers and cannot be set from here (6558). Answers the Alink `params`.
 */
export async function alinkPropertyParams(
  db: Kysely<DB>,
  productId: string,
  values: readonly PointValueInput[],
  locale: Locale,
): Promise<AlinkParams> {
  const properties = new Map(
    (await publishedProperties(db, productId)).map(({ address, property }) => [address, property] as const),
  );
  const params: AlinkParams = {};
  values.forEach(({ address, value }, index) => {
    const property = properties.get(address);
    if (!property) return failOnField(ErrorCode.POINT_UNKNOWN, fieldOf(index), locale, { address });
    const named = { point: `${localName(locale, property.name, property.enName)} (${address})`, value };
    if (property.identifier in params)
      failOnField(ErrorCode.POINT_DUPLICATE, fieldOf(index), locale, { point: named.point });
    if (property.accessMode !== 'rw')
      failOnField(ErrorCode.POINT_NOT_WRITABLE, fieldOf(index), locale, { point: named.point });
    const spec = property.dataType;
    if (spec.type === 'enum' || spec.type === 'bool') {
      const allowed = spec.values.length > 0 ? spec.values.map((v) => v.value) : [0, 1];
      if (!allowed.includes(value))
        failOnField(ErrorCode.VALUE_NOT_ENUM, fieldOf(index), locale, { ...named, values: allowed.join(', ') });
    } else if (spec.type === 'int' || spec.type === 'float' || spec.type === 'double') {
      if ((spec.min !== null && value < spec.min) || (spec.max !== null && value > spec.max)) {
        failOnField(ErrorCode.VALUE_OUT_OF_RANGE, fieldOf(index), locale, {
          ...named,
          min: bound(spec.min),
          max: bound(spec.max),
        });
      }
      if ((spec.type === 'int' && !Number.isInteger(value)) || !onStep(value, spec.step, spec.min))
        failOnField(ErrorCode.VALUE_NOT_REPRESENTABLE, fieldOf(index), locale, named);
    } else {
      failOnField(ErrorCode.VALUE_NOT_REPRESENTABLE, fieldOf(index), locale, named);
    }
    params[property.identifier] = value;
  });
  return params;
}

/**
 * The Alink property set (docs/device-protocol.md sections 9 and 14) with the command's sequence
 * number as its id; a child reached through its gateway is named in `deviceCode`.
 */
export const alinkPropertySet =
  (target: Pick<CommandTarget, 'deviceCode' | 'gatewayCode'>, params: AlinkParams) =>
  (seq: number): EncodeResult => {
    const message = {
      ...buildServiceCall(String(seq), 'property.set', params),
      ...(target.gatewayCode ? { [ALINK_DEVICE_CODE_FIELD]: target.deviceCode } : {}),
    };
    return { ok: true, bytes: Buffer.from(JSON.stringify(message)) };
  };
