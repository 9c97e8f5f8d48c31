import type { ExpressionBuilder } from 'kysely';
import type { DB } from './schema.ts';

/**
 * The id of the protocol version a product speaks (its protocol's latest version), as a subquery column
 * `version_id` of a query that has the product as `p`.
 */
export const latestProtocolVersion = (eb: ExpressionBuilder<DB & { p: DB['products'] }, 'p'>) =>
  eb
    .selectFrom('protocol_versions as pv')
    .whereRef('pv.protocol_id', '=', 'p.protocol_id')
    .select('pv.id')
    .orderBy('pv.id', 'desc')
    .limit(1)
    .as('version_id');
