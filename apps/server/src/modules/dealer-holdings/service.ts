import { ErrorCode, getDealersProject, listDevices, type Device, type Locale, type Project } from '@dcc/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { dealerInScope, handOver, orgDb, removeDealer, type ScopedDealer } from '../dealers/index.ts';
import type { Operator } from '../device-commands/index.ts';
import { moveDealerDevices } from '../device-writer/index.ts';
import { listDevicePage } from '../devices/index.ts';
import type { VendorReader } from '../points/index.ts';
import { listProjectPage, moveOwnedProjects, ownedProjectCount } from '../projects/index.ts';
import { ownedDeviceCount } from './repo.ts';

/**
 * A dealer's devices and projects (issue 21): listed on its detail page by the device and project lists'
 * own queries with an owner filter, refused on delete with both counts, moved to the receiver on hand-over.
 */

type Page = { pageIndex: number; pageSize: number };

/** One page of the devices a dealer of the scope owns, as the device list answers them, newest first. */
export async function dealerDevicePage(
  db: Kysely<DB>,
  scope: DealerScope,
  reader: VendorReader,
  input: Page & { id: string },
  locale: Locale,
): Promise<{ list: Device[]; totalSize: number; totalExact: boolean }> {
  const dealer = await dealerInScope(orgDb(db), scope, input.id);
  const query = listDevices.request.parse({
    pageIndex: input.pageIndex,
    pageSize: input.pageSize,
    filter: { combinator: 'and', conditions: [{ field: 'dealersId', symbol: '=', value: dealer.id }] },
  });
  return listDevicePage(db, scope, reader, query, locale);
}

/** One page of the projects a dealer of the scope owns, as the project list answers them, newest first. */
export async function dealerProjectPage(
  db: Kysely<DB>,
  scope: DealerScope,
  input: Page & { id: string },
  locale: Locale,
): Promise<{ list: Project[]; totalSize: number }> {
  const dealer = await dealerInScope(orgDb(db), scope, input.id);
  const filter = getDealersProject.request.parse({ pageIndex: input.pageIndex, pageSize: input.pageSize });
  return listProjectPage(db, scope, filter, locale, dealer.id);
}

/** Deletes a dealer below the company, refused while it owns devices or projects (DEALER_HAS_DEVICES with both counts). */
export async function deleteDealerWithHoldings(db: Kysely<DB>, scope: DealerScope, id: string): Promise<void> {
  await removeDealer(orgDb(db), scope, id, async (trx, dealer) => {
    const [devices, projects] = [await ownedDeviceCount(trx, dealer.id), await ownedProjectCount(trx, dealer.id)];
    if (devices > 0 || projects > 0) fail(ErrorCode.DEALER_HAS_DEVICES, { devices, projects });
  });
}

/**
 * Hands a dealer's sub-dealers over to another dealer of the scope, and with them the devices and projects
 * it owns itself; answers the counts and the IoT codes of the devices moved (their connections must end).
 */
export async function handOverWithHoldings(
  db: Kysely<DB>,
  scope: DealerScope,
  operator: Operator,
  input: { id: string; toId: string },
): Promise<{ moved: number; devices: number; projects: number; deviceCodes: string[] }> {
  const moveHoldings = async (trx: Transaction<DB>, from: ScopedDealer, to: ScopedDealer) => {
    const log = {
      operator,
      action: 'move',
      request: { from: from.id, to: to.id, handOver: true },
      summary: `${from.name} → ${to.name}`,
    } as const;
    const devices = await moveDealerDevices(trx, from.id, to.id, log);
    return { devices, projects: await moveOwnedProjects(trx, from.id, to.id) };
  };
  const { moved, holdings } = await handOver(orgDb(db), scope, input.id, input.toId, moveHoldings);
  return {
    moved,
    devices: holdings.devices.length,
    projects: holdings.projects,
    deviceCodes: holdings.devices.map((device) => device.deviceCode),
  };
}
