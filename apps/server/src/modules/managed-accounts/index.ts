// The public surface of the managed-accounts module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { actorOf, hashTypedPassword, insertAccount, logResetGiven, refuseTakenName, type Actor } from './accounts.ts';
export { accountActionRoutes } from './action-routes.ts';
export { ACCOUNT_LOCKED, containsPattern, lockedCondition, ownerForNewRecord, ownerInSubtree } from './scope.ts';
