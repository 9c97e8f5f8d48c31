import { afterAll, afterEach, beforeEach } from 'vitest';
import { assertCleanConsole, resetConsoleRule } from './consoleRule.ts';

// The e2e project's setup file (vitest.config.ts): the console rule runs after every test of the suite.
beforeEach(resetConsoleRule);
afterEach(assertCleanConsole);
// Contexts a file closes in afterAll may still log: those fail the file.
afterAll(assertCleanConsole);
