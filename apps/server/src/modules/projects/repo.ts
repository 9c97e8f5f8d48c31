import type { getDealersProject, Locale, Project } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import { sortedPage } from '../../db/page.ts';
import { provinceName } from '../nation/index.ts';
import { projectsOfScope, type ProjectInScope } from './project-in-scope.ts';

/** Projects, always read within a scope (project-in-scope.ts); Kysely only. */

export type ProjectFilter = z.output<(typeof getDealersProject)['request']>;

export function selectProject(query: ReturnType<typeof projectsOfScope>) {
  return query.select([
    'pj.id',
    'pj.name',
    'pj.is_cen_control',
    'pj.type',
    'pj.area',
    'pj.province_code',
    'pj.address',
    'pj.user_name',
    'pj.user_phone',
    'pj.application',
    'pj.longitude',
    'pj.latitude',
    'pj.dealer_id',
    'pd.name as dealer_name',
    sql<string>`(select count(*) from devices dv where dv.project_id = pj.id)`.as('device_count'),
    'pj.created_at',
    'pj.check_submitted_at',
    'pj.check_state',
    'pj.reject_reason',
    'pj.important',
    'pj.version',
  ]);
}

type ProjectRow = Awaited<ReturnType<ReturnType<typeof selectProject>['executeTakeFirstOrThrow']>>;

/** Stored enum columns are text and smallint; the calls' checks keep them within the contract's values. */
export const toProject =
  (locale: Locale) =>
  (row: ProjectRow): Project => ({
    projectId: row.id,
    projectName: row.name,
    isCenControl: row.is_cen_control,
    type: row.type as Project['type'],
    area: Number(row.area),
    province: row.province_code,
    provinceText: provinceName(row.province_code, locale),
    address: row.address,
    userName: row.user_name,
    userPhone: row.user_phone,
    application: row.application as Project['application'],
    longitude: row.longitude,
    latitude: row.latitude,
    dealersId: row.dealer_id,
    dealersName: row.dealer_name,
    allDeviceCount: Number(row.device_count),
    createTime: row.created_at.toISOString(),
    checkSubmitTime: row.check_submitted_at && row.check_submitted_at.toISOString(),
    projectCheckState: row.check_state as Project['projectCheckState'],
    rejectReason: row.reject_reason,
    isImportant: row.important ? 1 : 0,
    version: row.version,
  });

/** One page of the scope's projects matching the filter (and owned by `ownerDealerId` when given), by create time, and how many match. */
export async function listProjectPage(
  db: Kysely<DB>,
  scope: DealerScope,
  filter: ProjectFilter,
  locale: Locale,
  ownerDealerId?: string,
): Promise<{ list: Project[]; totalSize: number }> {
  let query = projectsOfScope(db, scope);
  if (ownerDealerId !== undefined) query = query.where('pj.dealer_id', '=', ownerDealerId);
  if (filter.projectName !== '') query = query.where('pj.name', 'ilike', containsPattern(filter.projectName));
  if (filter.isCenControl !== '') query = query.where('pj.is_cen_control', '=', filter.isCenControl);
  if (filter.projectCheckState !== '') query = query.where('pj.check_state', '=', filter.projectCheckState);
  if (filter.province !== '') query = query.where('pj.province_code', '=', filter.province);
  if (filter.important !== '') query = query.where('pj.important', '=', filter.important === 1);
  const { rows, totalSize } = await sortedPage(
    query,
    selectProject,
    { sortColumn: 'pj.created_at', idColumn: 'pj.id' },
    filter,
  );
  return { list: rows.map(toProject(locale)), totalSize };
}

/** The project as the calls answer it. */
export async function readProject(
  db: Kysely<DB>,
  scope: DealerScope,
  project: ProjectInScope,
  locale: Locale,
): Promise<Project> {
  const row = await selectProject(projectsOfScope(db, scope)).where('pj.id', '=', project.id).executeTakeFirstOrThrow();
  return toProject(locale)(row);
}
