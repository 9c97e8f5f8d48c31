import { afterAll, afterEach, beforeEach } from 'vitest';
import { assertCleanConsole, resetConsoleRule } from './consoleRule.ts';
import { describeOpenPages, resetFailureReport } from './failureReport.ts';

// The e2e project's setup file (vitest.config.ts): the console rule runs after every test of the suite.
beforeEach(({ onTestFailed, task }) => {
  resetConsoleRule();
  resetFailureReport();
  // What the browser showed when the test failed, printed beside the failure.
  onTestFailed(async () => console.log(`[${task.name}] failed; the browser showed:\n${await describeOpenPages()}`));
});
afterEach(assertCleanConsole);
// Contexts a file closes in afterAll may still log: those fail the file.
afterAll(assertCleanConsole);
