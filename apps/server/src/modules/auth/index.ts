// The public surface of the auth module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { logAccount, setPassword, writePassword } from './repo.ts';
