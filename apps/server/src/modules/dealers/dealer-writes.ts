import { DEALER_MAX_LEVEL, ErrorCode } from '@dcc/contract';
import { sql, type Kysely, type UpdateResult } from 'kysely';
import { nextVersion } from '../../db/record-version.ts';
import { fail } from '../../http/app-error.ts';
import { isCityOf, isProvince, isProvinceOrCity } from '../nation/index.ts';
import { assertIssuedUpload, type UploadOwner } from '../uploads/index.ts';
import { sharedDb, type OrgDB } from './org-db.ts';
import type { ScopedDealer } from './scope.ts';

export interface DealerFields {
  dealersName: string;
  dealersCode: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  provinceCode: string;
  cityCode: string;
  address: string;
  licenceImg: string;
  dealersType: string;
}

/** Checks what the schema cannot: known division codes, a licence file that the upload call stored, a free code. */
export async function checkDealerFields(
  db: Kysely<OrgDB>,
  fields: DealerFields,
  uploader: UploadOwner,
  exceptId: string | null,
): Promise<void> {
  if (!isProvince(fields.provinceCode)) fail(ErrorCode.AREA_UNKNOWN, { code: fields.provinceCode });
  if (fields.cityCode !== '' && !isCityOf(fields.provinceCode, fields.cityCode))
    fail(ErrorCode.AREA_UNKNOWN, { code: fields.cityCode });
  const current = exceptId
    ? (await db.selectFrom('dealers').select('licence_img').where('id', '=', exceptId).executeTakeFirst())?.licence_img
    : null;
  await assertIssuedUpload(sharedDb(db), uploader, fields.licenceImg, { current, code: ErrorCode.IMAGE_UNKNOWN });
  let taken = db.selectFrom('dealers').select('id').where('code', '=', fields.dealersCode);
  if (exceptId) taken = taken.where('id', '<>', exceptId);
  if (await taken.executeTakeFirst()) fail(ErrorCode.DEALER_CODE_TAKEN);
}

export const dealerColumns = (fields: DealerFields) => ({
  name: fields.dealersName,
  code: fields.dealersCode,
  contact_name: fields.contactName,
  contact_phone: fields.contactPhone,
  contact_email: fields.contactEmail,
  province_code: fields.provinceCode,
  city_code: fields.cityCode,
  address: fields.address,
  licence_img: fields.licenceImg,
  type: fields.dealersType,
});

/** Writes the edited fields of a dealer found in scope and moves it to its next version, only if it is still at `version`. */
export function updateDealerAtVersion(
  db: Kysely<OrgDB>,
  dealer: ScopedDealer,
  version: number,
  fields: DealerFields,
): Promise<UpdateResult> {
  return db
    .updateTable('dealers')
    .set({ ...dealerColumns(fields), ...nextVersion })
    .where('id', '=', dealer.id)
    .where('version', '=', version)
    .executeTakeFirst();
}

export async function setDealerEnabled(db: Kysely<OrgDB>, dealer: ScopedDealer, enabled: boolean): Promise<void> {
  await db.updateTable('dealers').set({ enabled }).where('id', '=', dealer.id).execute();
}

/** Refuses deletion while the dealer has sub-dealers or members (devices and projects: modules/dealer-holdings). */
export async function assertDeletable(db: Kysely<OrgDB>, dealer: ScopedDealer): Promise<void> {
  const child = await db
    .selectFrom('dealers')
    .select('id')
    .where('parent_id', '=', dealer.id)
    .limit(1)
    .executeTakeFirst();
  if (child) fail(ErrorCode.DEALER_HAS_SUB_DEALERS);
  const member = await db
    .selectFrom('members')
    .select('id')
    .where('dealer_id', '=', dealer.id)
    .limit(1)
    .executeTakeFirst();
  if (member) fail(ErrorCode.DEALER_HAS_MEMBERS);
}

export async function deleteDealer(db: Kysely<OrgDB>, dealer: ScopedDealer): Promise<void> {
  await db.deleteFrom('dealers').where('id', '=', dealer.id).execute();
}

/**
 * Which dealers may receive `from`'s sub-dealers: none inside `from`'s own subtree (DEALER_CYCLE),
 * and none so deep that a moved dealer would end below level 5 (DEALER_LEVEL_EXCEEDED).
 * The hand-over checks its target with it, and the target list (listDealers handOverFrom) filters by it.
 */
export interface HandOverRule {
  from: ScopedDealer;
  /** The deepest level below `from`, or null when it has no sub-dealers (nothing moves). */
  deepest: number | null;
  /** The deepest level a target may have. */
  maxTargetLevel: number;
}

export async function handOverRule(db: Kysely<OrgDB>, from: ScopedDealer): Promise<HandOverRule> {
  const row = await db
    .selectFrom('dealers')
    .select(sql<number | null>`max(level)`.as('level'))
    .where('path', 'like', `${from.path}%`)
    .where('id', '<>', from.id)
    .executeTakeFirstOrThrow();
  const deepest = row.level === null ? null : Number(row.level);
  return { from, deepest, maxTargetLevel: DEALER_MAX_LEVEL - ((deepest ?? from.level) - from.level) };
}

/**
 * Moves the sub-dealers of `from` (with their subtrees) under `to` in one statement: paths are
 * re-prefixed and levels shifted. Refuses a target the hand-over rule refuses.
 * Answers how many dealers moved: the sub-dealers with everything below them (not the target's
 * children after the move).
 */
export async function handOver(db: Kysely<OrgDB>, from: ScopedDealer, to: ScopedDealer): Promise<number> {
  if (to.path.startsWith(from.path)) fail(ErrorCode.DEALER_CYCLE);
  const rule = await handOverRule(db, from);
  if (rule.deepest === null) return 0;
  if (to.level > rule.maxTargetLevel) fail(ErrorCode.DEALER_LEVEL_EXCEEDED);
  const shift = to.level - from.level;
  const moved = await db
    .updateTable('dealers')
    .set({
      path: sql`${to.path} || substr(path, ${from.path.length + 1})` as never,
      level: sql`level + ${shift}`,
      parent_id: sql`case when parent_id = ${from.id} then ${to.id}::bigint else parent_id end`,
    })
    .where('path', 'like', `${from.path}%`)
    .where('id', '<>', from.id)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}

export async function saleScopeOf(db: Kysely<OrgDB>, dealer: ScopedDealer): Promise<string[]> {
  const rows = await db
    .selectFrom('dealer_sale_scopes')
    .select('area_code')
    .where('dealer_id', '=', dealer.id)
    .orderBy('area_code')
    .execute();
  return rows.map((row) => row.area_code);
}

export async function replaceSaleScope(
  db: Kysely<OrgDB>,
  dealer: ScopedDealer,
  areas: readonly string[],
): Promise<string[]> {
  const dealerId = dealer.id;
  const unknown = areas.find((code) => !isProvinceOrCity(code));
  if (unknown !== undefined) fail(ErrorCode.AREA_UNKNOWN, { code: unknown });
  const unique = [...new Set(areas)].sort();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('dealer_sale_scopes').where('dealer_id', '=', dealerId).execute();
    if (unique.length > 0)
      await trx
        .insertInto('dealer_sale_scopes')
        .values(unique.map((area_code) => ({ dealer_id: dealerId, area_code })))
        .execute();
  });
  return unique;
}
