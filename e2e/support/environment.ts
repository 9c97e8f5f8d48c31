import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';

/** The real server and Chromium of one test file, available once beforeAll has run. */
export interface E2eEnvironment {
  readonly baseUrl: string;
  readonly browser: Browser;
  readonly server: RunningServer;
}

/** Starts a server and a browser before the file's tests and stops both after them. */
export function useServerAndBrowser(options: ServerOptions = {}): E2eEnvironment {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  // Started together: the server's start mostly loads modules and opens its database, Chromium's mostly waits on its own process.
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startServer(options), launchBrowser()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
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
