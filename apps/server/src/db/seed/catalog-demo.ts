import type { ThingModel } from '@dcc/contract';
import { BUILTIN_DATA_TYPES, DEMO_HEAT_PUMP_POINTS, type PointDef } from '@dcc/protocol';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { insertCatalogViewer } from './catalog-viewer.ts';
import { claimSeedMarker } from './seed-marker.ts';

const MARKER = 'catalog_demo_seeded_at';

/** The demo products' Chinese names (their English ones are en_name); migration 087 gives them to databases seeded before. */
export const DEMO_PRODUCT_NAMES = { heatPump: '空气源热泵 A200', waterHeater: '智能热水器 X1' } as const;
const CREATOR = 'Platform Operator';

/** The built-in data types' Chinese names (their English ones, the protocol engine's, are en_name); migration 100 gives them to databases seeded before. */
export const DEMO_DATA_TYPE_NAMES: Readonly<Record<string, string>> = {
  unsigned: '无符号整数',
  signed: '有符号整数',
  'signed x0.1': '有符号 ×0.1',
  'unsigned x0.1': '无符号 ×0.1',
  'unsigned x0.01': '无符号 ×0.01',
};

/** The demo series and protocol in both languages (migration 100 names the rows seeded before). */
export const DEMO_SERIES = [
  { name: '空气源热泵', enName: 'Air source heat pump' },
  { name: '空气能热水器', enName: 'Air energy water heater' },
] as const;
export const DEMO_PROTOCOL = { name: '热泵标准协议', enName: 'Heat pump standard', code: 'HP-STD' } as const;

/** The demo catalog: series, data types, the heat-pump protocol with its points, a product of each kind, a read-only viewer (issue 4). */
export async function seedCatalogDemo(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimSeedMarker(trx, MARKER))) return false;
    await insertCatalog(trx);
    await insertCatalogViewer(trx);
    return true;
  });
}

async function insertCatalog(db: Kysely<DB>): Promise<void> {
  for (const type of BUILTIN_DATA_TYPES) {
    const name = DEMO_DATA_TYPE_NAMES[type.name] ?? type.name;
    await sql`insert into data_types (name, en_name, report_rule, send_rule, description, signed, sort_order, creator_name, modifier_name)
      values (${name}, ${type.name}, ${type.reportRule}, ${type.sendRule}, ${type.description ?? ''}, ${type.signed}, ${type.sortOrder}, ${CREATOR}, ${CREATOR})
      on conflict do nothing`.execute(db);
  }
  // The points name their data type by the engine's (English) name.
  const types = await db.selectFrom('data_types').select(['id', 'name', 'en_name']).execute();
  const typeIds = new Map(types.map((t) => [(t.en_name || t.name).toLowerCase(), t.id]));

  const seriesIds: string[] = [];
  for (const { name, enName } of DEMO_SERIES) {
    await sql`insert into series (name, en_name, creator_name, modifier_name) values (${name}, ${enName}, ${CREATOR}, ${CREATOR}) on conflict do nothing`.execute(
      db,
    );
    seriesIds.push(
      (
        await db
          .selectFrom('series')
          .select('id')
          .where(sql<boolean>`lower(name) = lower(${name})`)
          .executeTakeFirstOrThrow()
      ).id,
    );
  }

  const taken = await db
    .selectFrom('protocols')
    .select('id')
    .where(sql<boolean>`lower(code) = lower(${DEMO_PROTOCOL.code})`)
    .executeTakeFirst();
  const protocolId = taken?.id ?? (await insertHeatPumpProtocol(db, typeIds));

  const product = {
    network_method: 'wifi',
    node_type: 'direct',
    dispatch_rule: 'changed',
    third_party_platform: 'none',
    creator_name: CREATOR,
    modifier_name: CREATOR,
  } as const;
  await db
    .insertInto('products')
    .values({
      ...product,
      name: DEMO_PRODUCT_NAMES.heatPump,
      en_name: 'Heat pump A200',
      product_key: 'pkhpa200demo',
      series_id: seriesIds[0]!,
      data_format: 'custom',
      message_type: 'pm',
      protocol_type: 'frame',
      protocol_id: protocolId,
      central_control: true,
      description: 'Air-to-water heat pump speaking the HP-STD frame protocol',
    })
    .onConflict((c) => c.doNothing())
    .execute();
  const waterHeater = await db
    .insertInto('products')
    .values({
      ...product,
      name: DEMO_PRODUCT_NAMES.waterHeater,
      en_name: 'Smart water heater X1',
      product_key: 'pkwhx1demo01',
      series_id: seriesIds[1]!,
      data_format: 'alink',
      message_type: 'tm',
      protocol_type: 'frame',
      protocol_id: null,
      description: 'Heat-pump water heater speaking Alink JSON',
    })
    .onConflict((c) => c.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (waterHeater) {
    const model = JSON.stringify(WATER_HEATER_MODEL);
    await db
      .insertInto('thing_models')
      .values({
        product_id: waterHeater.id,
        draft: model,
        published: model,
        published_version: 1,
        published_at: new Date(),
      })
      .execute();
  }
}

async function insertHeatPumpProtocol(db: Kysely<DB>, typeIds: ReadonlyMap<string, string>): Promise<string> {
  const protocol = await db
    .insertInto('protocols')
    .values({
      name: DEMO_PROTOCOL.name,
      en_name: DEMO_PROTOCOL.enName,
      code: DEMO_PROTOCOL.code,
      description: 'Register map of the air-to-water heat-pump mainboard',
      creator_name: CREATOR,
      modifier_name: CREATOR,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await db
    .insertInto('protocol_versions')
    .values({ protocol_id: protocol.id, name: 'V1.0', description: 'First release', creator_name: CREATOR })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('protocol_points')
    .values(DEMO_HEAT_PUMP_POINTS.map((p) => pointRow(p, version.id, typeIds)))
    .execute();
  return protocol.id;
}

function pointRow(p: PointDef, versionId: string, typeIds: ReadonlyMap<string, string>) {
  return {
    version_id: versionId,
    address: p.address,
    code: p.code,
    name: p.name,
    en_name: p.enName ?? '',
    mode: p.mode,
    vendor_param: p.vendorParam ?? false,
    basic_info: p.basicInfo ?? false,
    end_user_display: p.endUserDisplay ?? false,
    client_param: p.clientParam ?? false,
    hidden: p.hidden ?? false,
    code_class: p.codeClass ?? '',
    byte_length: p.byteLength,
    high_low: p.highLow ?? false,
    high_point: p.highPoint ?? null,
    low_point: p.lowPoint ?? null,
    data_type_id: p.dataType ? (typeIds.get(p.dataType.toLowerCase()) ?? null) : null,
    report_formula: p.reportFormula ?? '',
    send_formula: p.sendFormula ?? '',
    fault_type: p.faultType ?? false,
    value_range: p.valueRange ?? '',
    unit: p.unit ?? '',
    en_unit: p.enUnit ?? '',
    default_value: p.defaultValue ?? null,
    description: p.description ?? '',
    en_description: p.enDescription ?? '',
    value_kind: p.enumItems?.length
      ? ('enum' as const)
      : p.binaryItems?.length
        ? ('binary' as const)
        : ('number' as const),
    enum_items: JSON.stringify(
      (p.enumItems ?? []).map((e) => ({
        value: e.value,
        label: e.label,
        enLabel: e.enLabel ?? '',
        description: e.description ?? '',
      })),
    ),
    binary_items: JSON.stringify(p.binaryItems ?? []),
    fault_definitions: JSON.stringify(
      (p.faultDefinitions ?? []).map((f) => ({
        faultCode: f.faultCode,
        level: f.level,
        bit: f.bit ?? null,
        value: f.value ?? null,
        description: f.description ?? '',
        enDescription: f.enDescription ?? '',
      })),
    ),
    modifier_name: CREATOR,
  };
}

const number = (min: number, max: number, step: number, unit: string) => ({
  type: 'float' as const,
  min,
  max,
  step,
  unit,
  values: [],
  length: null,
});

/** The published thing model of the demo water heater. */
export const WATER_HEATER_MODEL: ThingModel = {
  properties: [
    {
      identifier: 'PowerSwitch',
      name: '电源',
      enName: 'Power',
      accessMode: 'rw',
      required: true,
      description: '',
      enDescription: '',
      dataType: {
        type: 'bool',
        min: null,
        max: null,
        step: null,
        unit: '',
        values: [
          { value: 0, label: '关', enLabel: 'Off' },
          { value: 1, label: '开', enLabel: 'On' },
        ],
        length: null,
      },
    },
    {
      identifier: 'TargetTemperature',
      name: '目标温度',
      enName: 'Target temperature',
      accessMode: 'rw',
      required: true,
      description: '热水设定温度',
      enDescription: 'Hot-water setpoint',
      dataType: number(35, 75, 1, '°C'),
    },
    {
      identifier: 'TankTemperature',
      name: '水箱温度',
      enName: 'Tank temperature',
      accessMode: 'r',
      required: false,
      description: '',
      enDescription: '',
      dataType: number(-20, 100, 0.1, '°C'),
    },
    {
      identifier: 'WorkMode',
      name: '工作模式',
      enName: 'Work mode',
      accessMode: 'rw',
      required: false,
      description: '',
      enDescription: '',
      dataType: {
        type: 'enum',
        min: null,
        max: null,
        step: null,
        unit: '',
        values: [
          { value: 0, label: '节能', enLabel: 'Eco' },
          { value: 1, label: '标准', enLabel: 'Standard' },
          { value: 2, label: '速热', enLabel: 'Boost' },
        ],
        length: null,
      },
    },
  ],
  events: [
    {
      identifier: 'FaultReport',
      name: '故障上报',
      enName: 'Fault report',
      type: 'error',
      description: '机组因故障停机时上报',
      enDescription: 'Raised when the unit stops on a fault',
      outputData: [
        {
          identifier: 'FaultCode',
          name: '故障代码',
          enName: 'Fault code',
          dataType: { type: 'text', min: null, max: null, step: null, unit: '', values: [], length: 20 },
        },
      ],
    },
  ],
  services: [
    {
      identifier: 'StartDisinfection',
      name: '启动杀菌',
      enName: 'Start disinfection',
      callType: 'async',
      description: '将水箱加热以杀灭军团菌',
      enDescription: 'Heats the tank to kill legionella',
      inputData: [
        { identifier: 'Temperature', name: '温度', enName: 'Temperature', dataType: number(60, 75, 1, '°C') },
      ],
      outputData: [],
    },
  ],
};
