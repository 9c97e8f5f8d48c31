import { ErrorCode, type addEngineer, type Engineer, type Locale, type updateEngineer } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { failOnField } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/index.ts';
import { hashTypedPassword, insertAccount, refuseTakenName, ownerForNewRecord } from '../managed-accounts/index.ts';
import { isProvinceOrCity } from '../nation/index.ts';
import { findEngineer, insertEngineer, updateEngineerRow, type EngineerColumns } from './repo.ts';

/** The rules of after-sales engineers: one engineer account per phone, owned by a dealer of the scope's subtree. */

const engineerInScope = (db: Kysely<DB>, scope: DealerScope, engineerId: string): Promise<Engineer> =>
  foundOrFail(findEngineer(db, scope, engineerId));

/** The engineer columns of a form; AREA_UNKNOWN on the field areaCodes for a code that is no province or city. */
function engineerColumns(
  input: { areaCodes: string[]; notes: string; enabled: boolean },
  locale: Locale,
): EngineerColumns {
  const unknown = input.areaCodes.find((code) => !isProvinceOrCity(code));
  if (unknown !== undefined) failOnField(ErrorCode.AREA_UNKNOWN, 'areaCodes', locale, { code: unknown });
  return { area_codes: [...new Set(input.areaCodes)], notes: input.notes, enabled: input.enabled };
}

/** Adds an engineer owned by the scope's company or a dealer of its subtree. */
export async function addScopedEngineer(
  db: Kysely<DB>,
  scope: DealerScope,
  input: z.output<typeof addEngineer.request>,
  locale: Locale,
): Promise<Engineer> {
  const columns = engineerColumns(input, locale);
  const ownerDealerId = await ownerForNewRecord(db, scope, input.ownerDealerId);
  const passwordHash = await hashTypedPassword(input.password);
  const userId = await db.transaction().execute(async (trx) => {
    await refuseTakenName(trx, 'engineer', input.phone, null);
    const id = await insertAccount(trx, {
      identity: 'engineer',
      userName: input.phone,
      realName: input.name,
      email: input.email,
      passwordHash,
    });
    await insertEngineer(trx, { dealerId: ownerDealerId }, id, columns);
    return id;
  });
  return engineerInScope(db, scope, userId);
}

/** Changes an engineer of the scope. */
export async function updateScopedEngineer(
  db: Kysely<DB>,
  scope: DealerScope,
  input: z.output<typeof updateEngineer.request>,
  locale: Locale,
): Promise<Engineer> {
  const columns = engineerColumns(input, locale);
  const engineer = await engineerInScope(db, scope, input.engineerId);
  await db.transaction().execute(async (trx) => {
    await refuseTakenName(trx, 'engineer', input.phone, engineer.engineerId);
    await updateEngineerRow(trx, engineer, { realName: input.name, phone: input.phone, email: input.email }, columns);
  });
  return engineerInScope(db, scope, engineer.engineerId);
}
