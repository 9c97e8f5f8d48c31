import type { CompareSymbol, DeviceFilterCondition, DeviceListQuery } from '@dcc/contract';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import { hiddenProductPoint, type VendorReader } from '../points/index.ts';

/**
 * The device list's keyword and filter builder as one SQL condition on the devices row `dv`
 * (console-spec section 5). Values are always parameters; columns and operators come from the maps
 * below, never from the request.
 */

type Eb = ExpressionBuilder<DB & { dv: DB['devices'] }, 'dv'>;
type Condition = Expression<SqlBool>;

const OPERATORS = { '=': '=', '!=': '<>', '>': '>', '>=': '>=', '<': '<', '<=': '<=' } as const satisfies Record<
  CompareSymbol,
  string
>;
const TEXT_COLUMNS = {
  deviceCode: 'dv.device_code',
  deviceName: 'dv.device_name',
  sn: 'dv.sn',
  model: 'dv.model',
} as const;

const nothing = sql<SqlBool>`false`;
const everything = sql<SqlBool>`true`;

/** The name of the device's project ('' for none), as the list shows and filters it. */
export const projectNameSql = sql<string>`coalesce((select pj.name from projects pj where pj.id = dv.project_id), '')`;

/** A text field compared with the value. */
function textCondition(
  eb: Eb,
  condition: Extract<DeviceFilterCondition, { symbol: 'contains' | '=' | '!=' }> & {
    field: keyof typeof TEXT_COLUMNS | 'projectName';
  },
): Condition {
  const column = condition.field === 'projectName' ? projectNameSql : eb.ref(TEXT_COLUMNS[condition.field]);
  if (condition.symbol === 'contains') return eb(column, 'ilike', containsPattern(condition.value));
  return eb(column, OPERATORS[condition.symbol], condition.value);
}

/** An id column equal (or not) to an id; an id that is no number matches no row. */
function idCondition(eb: Eb, column: 'dv.product_id' | 'dv.dealer_id', symbol: '=' | '!=', value: string): Condition {
  if (!isIdText(value)) return symbol === '=' ? nothing : everything;
  return eb(column, OPERATORS[symbol], value);
}

/** Whether the device has an open fault that also meets `extra`. */
function openFault(
  eb: Eb,
  extra: (fault: ExpressionBuilder<DB, 'device_faults'>) => Condition = () => everything,
): Condition {
  return eb.exists(
    eb
      .selectFrom('device_faults')
      .select(sql`1`.as('one'))
      .whereRef('device_faults.device_id', '=', 'dv.id')
      .where('device_faults.closed_at', 'is', null)
      .where(extra),
  );
}

/**
 * How a condition on open faults is written. `probe` (exists per device) suits a scan in list order that
 * stops at the page. `faultsFirst` collects the devices with such a fault first (one index range) and
 * looks each up by id: a count that stops at a horizon reads those devices only, instead of hashing
 * every such fault and scanning every other candidate device first (docs/PERFORMANCE.md "Device list").
 */
export type FaultShape = 'probe' | 'faultsFirst';

function openFaultWith(
  eb: Eb,
  shape: FaultShape,
  extra: (fault: ExpressionBuilder<DB, 'device_faults'>) => Condition,
): Condition {
  if (shape === 'probe') return openFault(eb, extra);
  const faulty = eb
    .selectFrom('device_faults')
    .select('device_faults.device_id')
    .where('device_faults.closed_at', 'is', null)
    .where(extra);
  return sql<SqlBool>`${eb.ref('dv.id')} = any(array(${faulty}))`;
}

/**
 * The latest value of the point, when it is a number, compared with the value; a device of another
 * product never matches. A vendor parameter hidden from the reader matches no device, as an address
 * the product does not have (vendor-visibility.ts): the filter is no oracle of its value.
 */
function parameterCondition(
  eb: Eb,
  condition: Extract<DeviceFilterCondition, { field: 'addressData' }>,
  reader: VendorReader,
): Condition {
  if (!isIdText(condition.productId)) return nothing;
  const key = String(condition.address);
  const latest = sql<number>`(case when jsonb_typeof(device_values.point_values -> ${key}) = 'number' then (device_values.point_values ->> ${key})::numeric end)`;
  return eb.and([
    ...(reader.vendorParams ? [] : [eb.not(hiddenProductPoint(reader, condition.productId, condition.address))]),
    eb('dv.product_id', '=', condition.productId),
    eb.exists(
      eb
        .selectFrom('device_values')
        .select(sql`1`.as('one'))
        .whereRef('device_values.device_id', '=', 'dv.id')
        .where(latest, OPERATORS[condition.symbol], condition.value),
    ),
  ]);
}

function conditionSql(eb: Eb, condition: DeviceFilterCondition, reader: VendorReader, shape: FaultShape): Condition {
  switch (condition.field) {
    case 'productId':
      return idCondition(eb, 'dv.product_id', condition.symbol, condition.value);
    case 'dealersId':
      return idCondition(eb, 'dv.dealer_id', condition.symbol, condition.value);
    case 'deviceStatus':
      return eb('dv.status', OPERATORS[condition.symbol], condition.value);
    case 'fault':
      return condition.value === 'yes' ? openFault(eb) : eb.not(openFault(eb));
    case 'faultCode': {
      const withCode = openFaultWith(eb, shape, (fault) => fault('device_faults.fault_code', '=', condition.value));
      return condition.symbol === '=' ? withCode : eb.not(withCode);
    }
    case 'faultStartTime':
      return openFault(eb, (fault) =>
        fault('device_faults.opened_at', OPERATORS[condition.symbol], new Date(condition.value)),
      );
    case 'area':
      return eb.and([eb('dv.province_code', '=', condition.province), eb('dv.city_code', '=', condition.city)]);
    case 'addressData':
      return parameterCondition(eb, condition, reader);
    default:
      return textCondition(eb, condition);
  }
}

/** The keyword (part of IoT code, name or SN) and the filter's conditions joined by its combinator, as the reader may filter. */
export function deviceListCondition(
  eb: Eb,
  query: Pick<DeviceListQuery, 'keyword' | 'filter'>,
  reader: VendorReader,
  shape: FaultShape = 'probe',
): Condition {
  const parts: Condition[] = [];
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    parts.push(
      eb.or([
        eb('dv.device_code', 'ilike', pattern),
        eb('dv.device_name', 'ilike', pattern),
        eb('dv.sn', 'ilike', pattern),
      ]),
    );
  }
  const conditions = query.filter?.conditions ?? [];
  if (conditions.length > 0) {
    const each = conditions.map((condition) => conditionSql(eb, condition, reader, shape));
    parts.push(query.filter?.combinator === 'or' ? eb.or(each) : eb.and(each));
  }
  return eb.and(parts);
}
