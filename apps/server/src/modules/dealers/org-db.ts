import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Id = ColumnType<string, never, never>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** Migration 010: an invitation that an existing account accepts or declines after its next sign-in. */
interface InvitationsTable {
  id: Id;
  dealer_id: string;
  user_id: string;
  jurisdiction: WithDefault<string>;
  as_admin: WithDefault<boolean>;
  invited_by: string | null;
  invited_by_name: WithDefault<string>;
  created_at: Generated<Date>;
  expires_at: Generated<Date>;
  answered_at: ColumnType<Date | null, never, Date | string>;
  answer: ColumnType<'accepted' | 'declined' | null, never, 'accepted' | 'declined'>;
}

/** Columns and tables of migrations 004 and 010, on top of the shared schema types. */
type OrganizationTables = {
  dealers: { province_code: string; city_code: string; admin_user_id: string | null };
  buttons: { name: string; customized: boolean };
  dealer_sale_scopes: { dealer_id: string; area_code: string };
  invitations: InvitationsTable;
  invitation_roles: { invitation_id: string; role_id: string };
};

export type OrgDB = DB & OrganizationTables;

/** The database seen with the organization columns. */
export const orgDb = (db: Kysely<DB>): Kysely<OrgDB> => db.withTables<OrganizationTables>();

/** The same connection seen with the shared schema only, for helpers typed on it. */
export const sharedDb = (db: Kysely<OrgDB>): Kysely<DB> => db as unknown as Kysely<DB>;

/** A transaction seen with the shared schema only, for writers of other modules typed on it. */
export const sharedTransaction = (trx: Transaction<OrgDB>): Transaction<DB> => trx as unknown as Transaction<DB>;
