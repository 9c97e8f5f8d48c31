import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A refused configuration (e.g. the logging SMS sender on a production database) stops the start.
  process.stderr.write(`The server does not start: ${(error as Error).message}\n`);
  process.exit(1);
}
let built: Awaited<ReturnType<typeof buildApp>>;
try {
  built = await buildApp({ config });
} catch (error) {
  // E.g. the MQTT port is taken: the message names the port and the variable to set.
  process.stderr.write(`The server does not start: ${(error as Error).message}\n`);
  process.exit(1);
}
const { app } = built;

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info({ database: config.databaseUrl ? 'postgres' : config.dataDir ? 'pglite' : 'pglite (memory)' }, 'server ready');
