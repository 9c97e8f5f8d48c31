// The public surface of the invitations module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { hasPendingInvitation } from './repo.ts';
export { invitationRoutes } from './routes.ts';
export { inviteAccount } from './service.ts';
