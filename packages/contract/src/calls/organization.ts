/** Calls of the organization area (issue 3): dealers, members, roles, the button tree, divisions. */
export { UPLOADED_IMAGE_PATTERN } from './organization/fields.ts';
export * from './organization/dealers.ts';
export * from './organization/members.ts';
export * from './organization/invitations.ts';
export * from './organization/roles.ts';
export * from './organization/builtin-roles.ts';
export * from './organization/buttons.ts';
export * from './organization/nation.ts';
export * from './organization/dealer-holdings.ts';
