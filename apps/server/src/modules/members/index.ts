// The public surface of the members module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { accountDisplayName, displayName, logOrganizationEvent } from './account-events.ts';
export { createDealerAccount, dealerAccountByPhone, newRandomPassword } from './accounts.ts';
export { buttonsOfScopedMember, memberPage } from './repo.ts';
export { memberRoutes } from './routes.ts';
export { assertMayChangeMember, assertMayResetPassword } from './rules.ts';
export { buttonsHeld, type MemberActor } from './service.ts';
