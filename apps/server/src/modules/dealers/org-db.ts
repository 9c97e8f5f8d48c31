import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Columns and tables of migration 004, on top of the shared schema types. */
type OrganizationTables = {
  dealers: { province_code: string; city_code: string; admin_user_id: string | null };
  buttons: { name: string; customized: boolean };
  dealer_sale_scopes: { dealer_id: string; area_code: string };
};

export type OrgDB = DB & OrganizationTables;

/** The database seen with the organization columns. */
export const orgDb = (db: Kysely<DB>): Kysely<OrgDB> => db.withTables<OrganizationTables>();

/** The same connection seen with the shared schema only, for helpers typed on it. */
export const sharedDb = (db: Kysely<OrgDB>): Kysely<DB> => db as unknown as Kysely<DB>;
