import { decodeFrameCall } from '@dcc/contract';
import { fromHex } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { foundOrFail } from '../catalog/index.ts';
import { compiledVersionTable } from '../points/index.ts';
import { findVersion } from '../protocols/index.ts';
import { decodeHex } from './decode-answer.ts';

/** The frame inspector: a hex frame decoded with a protocol version's point table. */
export function frameRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(decodeFrameCall, async (input, ctx) => {
      const version = await foundOrFail(findVersion(db, input.versionId));
      return decodeHex(ctx.locale, fromHex(input.hex), await compiledVersionTable(db, version.versionId));
    }),
  ];
}
