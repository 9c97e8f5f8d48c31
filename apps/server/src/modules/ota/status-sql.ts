import { OPEN_ROLLOUT_STATES, type InitializationStatus, type ParamStatus, type UpgradeStatus } from '@dcc/contract';
import { sql } from 'kysely';

const OPEN = sql.join(OPEN_ROLLOUT_STATES.map((s) => sql.lit(s)));

/**
 * The spec's upgrade status of a task device row `td` in SQL, as upgradeStatusOf (ota-states.ts) computes it,
 * so that a list filters by it.
 */
export const UPGRADE_STATUS_SQL = sql<UpgradeStatus>`(case
  when td.state in (${OPEN}) then 'upgrading'
  when td.state = 'succeeded' then 'finished'
  when td.state = 'cancelled' then 'cancelled'
  when td.state = 'failed' and td.reason in ('downloadFailed', 'downloadTimeout') then 'downloadFailed'
  else 'failed' end)`;

/** The spec's parameter status of a task device row `td` in SQL, as paramStatusOf (ota-states.ts) computes it. */
export const PARAM_STATUS_SQL = sql<ParamStatus>`(case
  when td.state = 'failed' and td.reason in ('downloadFailed', 'protocolError', 'checkFailure') then td.reason
  when td.state = 'downloading' then 'downloading'
  when td.downloaded_at is not null then 'downloadSucceeded'
  when (td.state = 'failed' and td.reason = 'downloadTimeout') or td.state = 'timedOut' then 'downloadTimeout'
  when td.state = 'failed' then 'downloadFailed'
  when td.notified_at is not null then 'uploaded'
  else 'notUploaded' end)`;

/** The initialization status of a rollback task device row `td` in SQL, as initializationStatusOf computes it. */
export const INITIALIZATION_STATUS_SQL = sql<InitializationStatus>`(case
  when td.state in (${OPEN}) then 'initializing'
  when td.state = 'succeeded' then 'success'
  else 'failure' end)`;
