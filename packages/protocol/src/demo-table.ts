import { compileTable, type CompiledTable } from './compile-table.ts';
import type { PointDef } from './points.ts';

const temp = (address: number, code: string, name: string, enName: string): PointDef => ({
  address, code, name, enName, mode: 'R', byteLength: 2, dataType: 'signed x0.1', unit: '°C', endUserDisplay: true,
});

/**
 * The air-to-water heat pump of DOMAIN.md, for demo data, the simulator and tests. The hot-water
 * setpoint's range ends at point 21 (maxSet): DOMAIN.md's table writes $20$, but 20 is the low
 * register of the energy counter, not the maximum setpoint.
 */
export const DEMO_HEAT_PUMP_POINTS: readonly PointDef[] = [
  {
    address: 1, code: 'power', name: '开关机', enName: 'On/off', mode: 'RW', byteLength: 2, dataType: 'unsigned', clientParam: true, endUserDisplay: true, defaultValue: 0,
    enumItems: [{ value: 0, label: '关机', enLabel: 'Off' }, { value: 1, label: '开机', enLabel: 'On' }],
  },
  {
    address: 2, code: 'mode', name: '模式', enName: 'Mode', mode: 'RW', byteLength: 2, dataType: 'unsigned', clientParam: true, endUserDisplay: true, defaultValue: 2,
    enumItems: [
      { value: 0, label: '制热', enLabel: 'Heating' },
      { value: 1, label: '制冷', enLabel: 'Cooling' },
      { value: 2, label: '热水', enLabel: 'Hot water' },
      { value: 3, label: '自动', enLabel: 'Auto' },
    ],
  },
  { address: 3, code: 'setHot', name: '热水设定温度', enName: 'Hot-water setpoint', mode: 'RW', byteLength: 2, dataType: 'unsigned', unit: '°C', valueRange: '30..$21$', clientParam: true, endUserDisplay: true, defaultValue: 50 },
  { address: 4, code: 'setHeat', name: '制热设定温度', enName: 'Heating setpoint', mode: 'RW', byteLength: 2, dataType: 'unsigned', unit: '°C', valueRange: '20..55', clientParam: true, endUserDisplay: true, defaultValue: 35 },
  temp(10, 'tIn', '进水温度', 'Water inlet temp'),
  temp(11, 'tOut', '出水温度', 'Water outlet temp'),
  temp(12, 'tTank', '水箱温度', 'Tank temp'),
  temp(13, 'tAmb', '环境温度', 'Ambient temp'),
  { address: 14, code: 'tExh', name: '排气温度', enName: 'Exhaust temp', mode: 'R', byteLength: 2, dataType: 'unsigned', unit: '°C' },
  { address: 16, code: 'comp', name: '压缩机频率', enName: 'Compressor frequency', mode: 'R', byteLength: 2, dataType: 'unsigned', unit: 'Hz' },
  { address: 17, code: 'eev', name: '电子膨胀阀开度', enName: 'EEV opening', mode: 'R', byteLength: 2, dataType: 'unsigned', unit: 'steps' },
  { address: 19, code: 'kwh', name: '累计耗电量', enName: 'Energy used', mode: 'R', byteLength: 4, highLow: true, highPoint: 19, lowPoint: 20, dataType: 'unsigned x0.01', unit: 'kWh', endUserDisplay: true },
  { address: 21, code: 'maxSet', name: '最高热水设定温度', enName: 'Max hot-water setpoint', mode: 'RW', byteLength: 2, dataType: 'unsigned', unit: '°C', valueRange: '40..80', vendorParam: true, defaultValue: 60 },
  {
    address: 30, code: 'fault1', name: '故障字1', enName: 'Fault word 1', mode: 'R', byteLength: 2, dataType: 'unsigned', faultType: true,
    faultDefinitions: [
      { faultCode: 'E01', level: 2, bit: 0, description: 'Water flow' },
      { faultCode: 'E02', level: 3, bit: 1, description: 'High pressure' },
      { faultCode: 'E03', level: 3, bit: 2, description: 'Low pressure' },
      { faultCode: 'E04', level: 2, bit: 3, description: 'Exhaust over-temperature' },
      { faultCode: 'E05', level: 1, bit: 4, description: 'Sensor open circuit' },
    ],
  },
  {
    address: 40, code: 'run', name: '运行状态', enName: 'Running status', mode: 'R', byteLength: 2, dataType: 'unsigned', endUserDisplay: true,
    binaryItems: [
      { bit: 0, code: 'compressor', content: '压缩机', enContent: 'Compressor' },
      { bit: 1, code: 'pump', content: '水泵', enContent: 'Water pump' },
      { bit: 2, code: 'fan', content: '风机', enContent: 'Fan' },
      { bit: 3, code: 'defrost', content: '除霜', enContent: 'Defrost' },
      { bit: 4, code: 'heater', content: '电加热', enContent: 'Electric heater' },
    ],
  },
  { address: 50, code: 'swVer', name: '软件版本', enName: 'Software version', mode: 'R', byteLength: 2, dataType: 'unsigned', basicInfo: true, description: 'major * 100 + minor' },
];

/** Typical readings of a unit heating water, in engineering units, by address. */
export const DEMO_HEAT_PUMP_VALUES: ReadonlyMap<number, number> = new Map([
  [1, 1], [2, 2], [3, 55], [4, 35], [10, 41.5], [11, 46.2], [12, 52.3], [13, -3.5], [14, 78],
  [16, 62], [17, 240], [19, 12345.67], [21, 60], [30, 0], [40, 0b00111], [50, 102],
]);

/** The demo table, compiled; throws only if the module's own table were broken. */
export function demoHeatPumpTable(): CompiledTable {
  const c = compileTable(DEMO_HEAT_PUMP_POINTS);
  if (!c.ok) throw new Error(`demo table does not compile: ${c.errors.map((e) => e.message).join('; ')}`);
  return c.table;
}
