import type { DealerItem } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import type { OrgDB } from './org-db.ts';
import type { ScopedDealer } from './scope.ts';
import { pageWithTotal } from '../../db/page.ts';

/** The dealer rows of the scope's subtree as the dealer calls answer them, with parent name and counts. */
export function dealerItemsQuery(db: Kysely<OrgDB>, scope: DealerScope) {
  return db
    .selectFrom('dealers as d')
    .leftJoin('dealers as p', 'p.id', 'd.parent_id')
    .select([
      'd.id',
      'd.name',
      'd.code',
      'd.level',
      'd.parent_id',
      'p.name as parent_name',
      'd.contact_name',
      'd.contact_phone',
      'd.contact_email',
      'd.province_code',
      'd.city_code',
      'd.address',
      'd.licence_img',
      'd.type',
      'd.enabled',
      'd.created_at',
      'd.path',
      'd.version',
      sql<string>`(select count(*) from dealers c where c.parent_id = d.id)`.as('child_count'),
      sql<string>`(select count(*) from members m where m.dealer_id = d.id)`.as('member_count'),
    ])
    .where('d.path', 'like', `${scope.path}%`);
}

/** One dealer already found in the scope, as the dealer calls answer it. */
export async function dealerItemOf(
  db: Kysely<OrgDB>,
  scope: DealerScope,
  dealer: Pick<ScopedDealer, 'id'>,
): Promise<DealerItem> {
  return toDealerItem(await dealerItemsQuery(db, scope).where('d.id', '=', dealer.id).executeTakeFirstOrThrow());
}

export type DealerItemsQuery = ReturnType<typeof dealerItemsQuery>;
type DealerItemRow = Awaited<ReturnType<DealerItemsQuery['executeTakeFirstOrThrow']>>;

export function toDealerItem(row: DealerItemRow): DealerItem {
  return {
    dealersId: row.id,
    dealersName: row.name,
    dealersCode: row.code,
    level: row.level,
    parentId: row.parent_id ?? '',
    parentName: row.parent_name ?? '',
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    contactEmail: row.contact_email,
    provinceCode: row.province_code,
    cityCode: row.city_code,
    address: row.address,
    licenceImg: row.licence_img,
    dealersType: row.type,
    enabled: row.enabled,
    childCount: Number(row.child_count),
    memberCount: Number(row.member_count),
    createTime: new Date(row.created_at).toISOString(),
    version: row.version,
  };
}

/** One page of a dealer query, ordered by tree position, with the total. */
export async function dealerPage(
  query: DealerItemsQuery,
  pageIndex: number,
  pageSize: number,
): Promise<{ list: DealerItem[]; totalSize: number }> {
  const { rows, totalSize } = await pageWithTotal(query, (items) => items.orderBy('d.path'), { pageIndex, pageSize });
  return { list: rows.map(toDealerItem), totalSize };
}

/** The companies of the scope a picker offers: id, name and code, the scope's own first (tree order), name or code containing `keyword`. */
export async function dealerOptions(
  db: Kysely<DB>,
  scope: DealerScope,
  keyword: string,
  limit: number,
): Promise<Array<{ dealersId: string; dealersName: string; dealersCode: string }>> {
  let query = db.selectFrom('dealers as d').where('d.path', 'like', `${scope.path}%`);
  if (keyword)
    query = query.where((eb) =>
      eb.or([eb('d.name', 'ilike', containsPattern(keyword)), eb('d.code', 'ilike', containsPattern(keyword))]),
    );
  return query
    .select(['d.id as dealersId', 'd.name as dealersName', 'd.code as dealersCode'])
    .orderBy('d.path')
    .limit(limit)
    .execute();
}
