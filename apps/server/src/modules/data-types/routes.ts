import {
  ErrorCode,
  addDataType,
  dataTypeOptions,
  deleteDataType,
  listDataTypes,
  updateDataType,
  type DataTypeRecord,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { makerScope, operatorName, deleteUnlessUsed, foundOrFail, claimUniqueText } from '../catalog/index.ts';
import { dataTypeOptionList, findDataType, listDataTypePage } from './repo.ts';
import { checkDataTypeRules } from './rules.ts';

const existingDataType = (db: Kysely<DB>, dataTypeId: string): Promise<DataTypeRecord> =>
  foundOrFail(findDataType(db, dataTypeId));

/** Data types (dataTypeManage, B166). */
export function dataTypeRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listDataTypes, (input) => listDataTypePage(db, input)),
    route(dataTypeOptions, () => dataTypeOptionList(db)),
    route(addDataType, async (input, ctx) => {
      makerScope(ctx);
      checkDataTypeRules(ctx.locale, input);
      const operator = await operatorName(db, ctx);
      const id = await db.transaction().execute(async (trx) => {
        await claimUniqueText(trx, {
          table: 'data_types',
          column: 'name',
          value: input.dataTypeName,
          exceptId: null,
          taken: ErrorCode.DATA_TYPE_NAME_TAKEN,
        });
        const row = await trx
          .insertInto('data_types')
          .values({
            name: input.dataTypeName,
            report_rule: input.reportRule,
            send_rule: input.sendRule,
            description: input.description,
            signed: input.signed,
            sort_order: input.sortOrder,
            creator_name: operator.name,
            modifier_name: operator.name,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return existingDataType(db, id);
    }),
    route(updateDataType, async (input, ctx) => {
      makerScope(ctx);
      const dataType = await existingDataType(db, input.dataTypeId);
      checkDataTypeRules(ctx.locale, input);
      const operator = await operatorName(db, ctx);
      await db.transaction().execute(async (trx) => {
        await claimUniqueText(trx, {
          table: 'data_types',
          column: 'name',
          value: input.dataTypeName,
          exceptId: dataType.dataTypeId,
          taken: ErrorCode.DATA_TYPE_NAME_TAKEN,
        });
        await trx
          .updateTable('data_types')
          .set({
            name: input.dataTypeName,
            report_rule: input.reportRule,
            send_rule: input.sendRule,
            description: input.description,
            signed: input.signed,
            sort_order: input.sortOrder,
            modifier_name: operator.name,
            updated_at: sql`now()`,
          })
          .where('id', '=', dataType.dataTypeId)
          .execute();
      });
      return existingDataType(db, dataType.dataTypeId);
    }),
    route(deleteDataType, async (input, ctx) => {
      makerScope(ctx);
      const dataType = await existingDataType(db, input.dataTypeId);
      await db.transaction().execute((trx) =>
        deleteUnlessUsed(trx, {
          table: 'data_types',
          id: dataType.dataTypeId,
          usedBy: 'protocol_points',
          column: 'data_type_id',
          inUse: ErrorCode.DATA_TYPE_IN_USE,
        }),
      );
      return null;
    }),
  ];
}
