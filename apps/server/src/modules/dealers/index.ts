// The public surface of the dealers module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { dealerOptions } from './dealer-items.ts';
export { orgDb, sharedDb, type OrgDB } from './org-db.ts';
export { dealerOrganizationRoutes } from './org-routes.ts';
export { buttonsOfMember, isMember } from './repo.ts';
export { accountMembershipsOutside, dealerInScope, escapeLike, type ScopedDealer } from './scope.ts';
export { handOver, removeDealer, type HoldingsStep } from './service.ts';
