import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceEvents } from '../../events/device-events.ts';
import type { DeviceProfiles, Downlink } from '../../ingest/index.ts';
import { SequenceNumbers } from './sequence-numbers.ts';

/** What the commands need: the database, the way down to devices, the bus their replies come on, the devices' point tables. */
export interface CommandDeps {
  db: Kysely<DB>;
  /** The counting sender (device-sender.ts): what goes down is in the device's traffic. */
  downlink: Downlink;
  events: DeviceEvents;
  profiles: DeviceProfiles;
  /** How long a command waits for its reply (COMMAND_TIMEOUT_MS). */
  timeoutMs: number;
}

/** The deps with this process's sequence numbers: one set per server, shared by every command. */
export interface CommandService extends CommandDeps {
  sequences: SequenceNumbers;
}

export const commandService = (deps: CommandDeps): CommandService => ({ ...deps, sequences: new SequenceNumbers() });
