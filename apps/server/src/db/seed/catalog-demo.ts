import type { ThingModel } from '@dcc/contract';
import { BUILTIN_DATA_TYPES, DEMO_HEAT_PUMP_POINTS, type PointDef } from '@dcc/protocol';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { insertCatalogViewer } from './catalog-viewer.ts';
import { claimSeedMarker } from './seed-marker.ts';

const MARKER = 'catalog_demo_seeded_at';
const CREATOR = 'Platform Operator';

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
    await sql`insert into data_types (name, report_rule, send_rule, description, signed, sort_order, creator_name, modifier_name)
      values (${type.name}, ${type.reportRule}, ${type.sendRule}, ${type.description ?? ''}, ${type.signed}, ${type.sortOrder}, ${CREATOR}, ${CREATOR})
      on conflict do nothing`.execute(db);
  }
  const types = await db.selectFrom('data_types').select(['id', 'name']).execute();
  const typeIds = new Map(types.map((t) => [t.name.toLowerCase(), t.id]));

  const seriesIds: string[] = [];
  for (const name of ['AirSourceHeatPump', '空气能热水器']) {
    await sql`insert into series (name, creator_name, modifier_name) values (${name}, ${CREATOR}, ${CREATOR}) on conflict do nothing`.execute(
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
    .where(sql<boolean>`lower(code) = 'hp-std'`)
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
      name: 'HeatPump_A200',
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
      name: 'SmartWaterHeater_X1',
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
      name: 'Heat_pump_standard',
      code: 'HP-STD',
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
const WATER_HEATER_MODEL: ThingModel = {
  properties: [
    {
      identifier: 'PowerSwitch',
      name: '电源',
      enName: 'Power',
      accessMode: 'rw',
      required: true,
      description: '',
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
      description: 'Hot-water setpoint',
      dataType: number(35, 75, 1, '°C'),
    },
    {
      identifier: 'TankTemperature',
      name: '水箱温度',
      enName: 'Tank temperature',
      accessMode: 'r',
      required: false,
      description: '',
      dataType: number(-20, 100, 0.1, '°C'),
    },
    {
      identifier: 'WorkMode',
      name: '工作模式',
      enName: 'Work mode',
      accessMode: 'rw',
      required: false,
      description: '',
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
      description: 'Raised when the unit stops on a fault',
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
      description: 'Heats the tank to kill legionella',
      inputData: [
        { identifier: 'Temperature', name: '温度', enName: 'Temperature', dataType: number(60, 75, 1, '°C') },
      ],
      outputData: [],
    },
  ],
};
