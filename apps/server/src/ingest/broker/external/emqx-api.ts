import type { EmqxApiConfig } from './external-config.ts';

/** EMQX 5's REST API path that disconnects a client (its session goes too). */
export const emqxClientPath = (clientId: string): string => `/api/v5/clients/${encodeURIComponent(clientId)}`;
const KICK_TIMEOUT_MS = 10_000;

export interface EmqxApi {
  /** Disconnects the device's client now; a client that is not connected (404) is already where it should be. */
  kick(deviceCode: string): Promise<void>;
}

/**
 * EMQX's REST API as the server uses it: `DELETE /api/v5/clients/{clientid}` with the API key and
 * secret as HTTP Basic credentials. The device's next sign-in goes through the auth hook again
 * (emqx-hooks.ts), which reads the registry as it is now.
 */
export function emqxApi(config: EmqxApiConfig): EmqxApi {
  const authorization = `Basic ${Buffer.from(`${config.key}:${config.secret}`).toString('base64')}`;
  return {
    async kick(deviceCode) {
      const response = await fetch(`${config.url}${emqxClientPath(deviceCode)}`, {
        method: 'DELETE',
        headers: { authorization },
        signal: AbortSignal.timeout(KICK_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status !== 204 && response.status !== 404)
        throw new Error(`EMQX did not kick ${deviceCode}: HTTP ${response.status}`);
    },
  };
}
