import { envInteger } from './limits-config.ts';

/** Settings of the commands to devices (modules/device-commands). */
export interface CommandsConfig {
  /** How long a command waits for the device's reply before it answers noReply (COMMAND_TIMEOUT_MS). */
  timeoutMs: number;
}

export const DEFAULT_COMMAND_TIMEOUT_MS = 10_000;

export function loadCommandsConfig(env: NodeJS.ProcessEnv): CommandsConfig {
  return {
    timeoutMs:
      envInteger(env.COMMAND_TIMEOUT_MS, DEFAULT_COMMAND_TIMEOUT_MS, 'COMMAND_TIMEOUT_MS') ||
      DEFAULT_COMMAND_TIMEOUT_MS,
  };
}
