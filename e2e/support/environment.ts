import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserForFile, closeContexts } from './browser.ts';
import type { RunningServer, ServerOptions } from './server.ts';
import { releaseServer, serverForFile } from './workerServers.ts';

/** The real server and Chromium of one test file, available once beforeAll has run. */
export interface E2eEnvironment {
  readonly baseUrl: string;
  readonly browser: Browser;
  readonly server: RunningServer;
}

/**
 * Gives the file a server nobody else has used (with the default options, the worker's spare: workerServers.ts) and
 * the worker's Chromium before its tests; after them stops the server and closes the browser contexts left open.
 */
export function useServerAndBrowser(options: ServerOptions = {}): E2eEnvironment {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  // Together: a server of its own mostly loads modules and opens its database, Chromium mostly waits on its own process.
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([serverForFile(options), browserForFile()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  afterAll(async () => {
    if (browser) await closeContexts(browser);
    if (server) releaseServer(server);
  });
  const running = () => {
    if (!server) throw new Error('the server is not started yet');
    return server;
  };
  return {
    get baseUrl() {
      return running().baseUrl;
    },
    get server() {
      return running();
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet');
      return browser;
    },
  };
}
