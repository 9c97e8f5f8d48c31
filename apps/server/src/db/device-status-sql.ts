import { displayedStatus, type DeviceStatusValue } from '@dcc/contract';
import { sql, type RawBuilder } from 'kysely';

/** The contract's displayedStatus as an SQL literal ('UNACTIVE', 'ONLINE', 'OFFLINE'). */
const statusLiteral = (activated: boolean, connected: boolean) => sql.lit(displayedStatus(activated, connected));

/**
 * SQL of a device row's status once its connection is up or down (`connected`): the contract's
 * displayedStatus by whether the row was activated (`activatedAt` null: not yet, it stays UNACTIVE).
 */
export const statusOnLink = (activatedAt: RawBuilder<unknown>, connected: boolean): RawBuilder<DeviceStatusValue> =>
  sql<DeviceStatusValue>`case when ${activatedAt} is null then ${statusLiteral(false, connected)} else ${statusLiteral(true, connected)} end`;

/** SQL of a device row's status once it is activated: the contract's displayedStatus by its connection (`connected`). */
export const statusOnActivation = (connected: RawBuilder<unknown>): RawBuilder<DeviceStatusValue> =>
  sql<DeviceStatusValue>`case when ${connected} then ${statusLiteral(true, true)} else ${statusLiteral(true, false)} end`;
