import { parseArgs } from 'node:util';
import { isMisbehaviour, MISBEHAVIOURS, type Misbehaviour } from './misbehaviour.ts';

export interface CliOptions {
  devices: number;
  rate: number;
  url: string;
  fromFile: string | null;
  /** How many devices misbehave in each way: the first of the list get them, in the order given. */
  misbehave: Array<{ kind: Misbehaviour; count: number }>;
  reportSeconds: number;
  seed: string;
  statsSeconds: number;
}

export const USAGE = `npm run simulate -- [options]
  --devices N          devices to run (default 10; with --from-file: the first N of the file, default all)
  --rate R             new connections per second while ramping up (default 20)
  --url URL            broker (default mqtt://127.0.0.1:1883)
  --from-file PATH     JSON array of { code, secret, kind: heatPump | waterHeater }: devices registered on the server;
                       an entry with children: [{ code, kind }] is a gateway reporting for those children
  --misbehave K[:N]    N devices (default 1) misbehave as K, repeatable; K one of ${MISBEHAVIOURS.join(', ')}
  --report-seconds S   seconds between reports (default 30)
  --seed TEXT          seed of the physics and of made-up secrets (default dcc-sim)
  --stats-seconds S    seconds between statistics lines (default 5)`;

function positive(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a number above 0, got '${text}'`);
  return value;
}

/** Reads the command line; throws a message for the user on anything it does not understand. */
export function parseCliArgs(argv: readonly string[]): CliOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      devices: { type: 'string' },
      rate: { type: 'string' },
      url: { type: 'string' },
      'from-file': { type: 'string' },
      misbehave: { type: 'string', multiple: true },
      'report-seconds': { type: 'string' },
      seed: { type: 'string' },
      'stats-seconds': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const misbehave = (values.misbehave ?? [])
    .flatMap((item) => item.split(','))
    .map((item) => {
      const [kind = '', count] = item.split(':');
      if (!isMisbehaviour(kind)) throw new Error(`--misbehave: '${kind}' is none of ${MISBEHAVIOURS.join(', ')}`);
      const n = positive('misbehave count', count, 1);
      if (!Number.isInteger(n)) throw new Error(`--misbehave ${kind}: the count must be a whole number`);
      return { kind, count: n };
    });
  const devices = positive('devices', values.devices, values['from-file'] ? Number.POSITIVE_INFINITY : 10);
  if (Number.isFinite(devices) && !Number.isInteger(devices)) throw new Error('--devices must be a whole number');
  return {
    devices,
    rate: positive('rate', values.rate, 20),
    url: values.url ?? 'mqtt://127.0.0.1:1883',
    fromFile: values['from-file'] ?? null,
    misbehave,
    reportSeconds: positive('report-seconds', values['report-seconds'], 30),
    seed: values.seed ?? 'dcc-sim',
    statsSeconds: positive('stats-seconds', values['stats-seconds'], 5),
  };
}

/** Gives the first devices of the list their misbehaviours, in the order asked. */
export function assignMisbehaviours<T extends object>(
  devices: readonly T[],
  misbehave: CliOptions['misbehave'],
): Array<T & { misbehaviour?: Misbehaviour }> {
  const kinds = misbehave.flatMap(({ kind, count }) => Array<Misbehaviour>(count).fill(kind));
  if (kinds.length > devices.length)
    throw new Error(`--misbehave asks for ${kinds.length} devices but the fleet has ${devices.length}`);
  return devices.map((d, i) => (kinds[i] ? { ...d, misbehaviour: kinds[i] } : d));
}
