import http from 'node:http';
import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyInstance } from 'fastify';
import { EMQX_AUTH_PATH, EMQX_HOOK_TOKEN_HEADER } from '../src/ingest/broker/external/emqx-hooks.ts';

/**
 * Stands in for EMQX, which cannot be installed here, in the two places the server meets it: an MQTT
 * broker (Aedes) that signs devices in by calling the server's real EMQX auth hook, as EMQX's HTTP
 * authenticator does, and EMQX 5's REST API `DELETE /api/v5/clients/{clientid}` (HTTP Basic with an
 * API key), which disconnects the client (204) or answers 404 when it is not connected. What the
 * server sends to that API is recorded.
 */
export interface EmqxStandIn {
  mqttUrl: string;
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Every API call received: method, path and whether its credentials were the API key's. */
  calls: Array<{ method: string; path: string; authorized: boolean }>;
  close(): Promise<void>;
}

const listen = (server: net.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );

/** `server` answers the server whose hooks it calls (built after the stand-in, which it needs the API address of). */
export async function startEmqxStandIn(server: () => FastifyInstance, hookToken: string): Promise<EmqxStandIn> {
  const apiKey = 'stand-in-key';
  const apiSecret = 'stand-in-secret';
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      server()
        .inject({
          method: 'POST',
          url: EMQX_AUTH_PATH,
          headers: { [EMQX_HOOK_TOKEN_HEADER]: hookToken },
          payload: { clientid: client.id, username: username ?? '', password: password?.toString('utf8') ?? '' },
        })
        .then(
          (response) => {
            if ((response.json() as { result: string }).result === 'allow') return done(null, true);
            done(Object.assign(new Error('denied'), { returnCode: 5 }) as AuthenticateError, false);
          },
          (error: Error) => done(error as AuthenticateError, false),
        );
    },
  });
  const mqttServer = net.createServer(broker.handle);
  const calls: EmqxStandIn['calls'] = [];
  const expected = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
  const api = http.createServer((request, response) => {
    const path = request.url ?? '';
    const authorized = request.headers.authorization === expected;
    calls.push({ method: request.method ?? '', path, authorized });
    const match = /^\/api\/v5\/clients\/([^/?]+)$/.exec(path);
    if (!authorized) return void response.writeHead(401).end();
    if (request.method !== 'DELETE' || !match) return void response.writeHead(404).end();
    const client = (broker as unknown as { clients: Record<string, Client | undefined> }).clients[
      decodeURIComponent(match[1]!)
    ];
    if (!client)
      return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"CLIENTID_NOT_FOUND"}');
    client.close();
    response.writeHead(204).end();
  });
  const [mqttPort, apiPort] = await Promise.all([listen(mqttServer), listen(api)]);
  return {
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    apiKey,
    apiSecret,
    calls,
    async close() {
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => mqttServer.close(() => resolve()));
    },
  };
}
