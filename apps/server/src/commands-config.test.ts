import { describe, expect, it } from 'vitest';
import { DEFAULT_COMMAND_TIMEOUT_MS, loadCommandsConfig } from './commands-config.ts';
import { loadConfig } from './config.ts';

describe('commands config', () => {
  it('waits 10 s for a reply unless COMMAND_TIMEOUT_MS says otherwise, and refuses a malformed value', () => {
    expect(loadConfig({}).commands).toEqual({ timeoutMs: DEFAULT_COMMAND_TIMEOUT_MS });
    expect(DEFAULT_COMMAND_TIMEOUT_MS).toBe(10_000);
    expect(loadCommandsConfig({ COMMAND_TIMEOUT_MS: '2500' })).toEqual({ timeoutMs: 2500 });
    expect(loadCommandsConfig({ COMMAND_TIMEOUT_MS: '0' })).toEqual({ timeoutMs: DEFAULT_COMMAND_TIMEOUT_MS });
    expect(() => loadCommandsConfig({ COMMAND_TIMEOUT_MS: 'soon' })).toThrow(/COMMAND_TIMEOUT_MS/);
  });
});
