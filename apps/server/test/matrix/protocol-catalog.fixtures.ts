import {
  addPoint,
  addProtocol,
  addProtocolVersion,
  decodeFrameCall,
  deletePoint,
  deleteProtocol,
  deleteProtocolVersion,
  exportPoints,
  importPoints,
  listPointHistory,
  listPoints,
  listProtocols,
  pointById,
  pointHistoryById,
  protocolById,
  updatePoint,
  updateProtocol,
  updateProtocolVersion,
} from '@dcc/contract';
import type { FixtureModule } from './registry.ts';

/**
 * Protocols, versions, points, point history, Excel and frame decoding: one catalog for the whole
 * platform, owned by no company, so no call addresses a record of another company. Who may change
 * it (the level-0 company only) is tested in each module's tests (CATALOG_READ_ONLY).
 */
const PLATFORM_CATALOG =
  'the catalog is one for the whole platform: no record belongs to a company (writes: level 0 only, CATALOG_READ_ONLY tested per module)';

export const isolationFixtures: FixtureModule['isolationFixtures'] = [];

export const callsWithoutForeignId: FixtureModule['callsWithoutForeignId'] = [
  listProtocols,
  protocolById,
  addProtocol,
  updateProtocol,
  deleteProtocol,
  addProtocolVersion,
  updateProtocolVersion,
  deleteProtocolVersion,
  listPoints,
  pointById,
  addPoint,
  updatePoint,
  deletePoint,
  listPointHistory,
  pointHistoryById,
  exportPoints,
  importPoints,
  decodeFrameCall,
].map((call) => ({ call, reason: PLATFORM_CATALOG }));
