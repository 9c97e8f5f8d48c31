import { addButton, deleteButton, getButtonTree, moveButton, renameButton, roleButtonTree } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { route, scopedRoute, type CallRoute, type ScopedContext } from '../../http/call-route.ts';
import { addTreeButton, buttonTreeFor, deleteTreeButton, moveTreeButton, renameTreeButton } from './service.ts';

const done = async (work: Promise<void>): Promise<null> => {
  await work;
  return null;
};

/**
 * The permission button tree: read for role forms (B170) and the button page (B213, platform-only:
 * the pipeline admits its calls for the level-0 company alone, so only the platform changes the tree).
 */
export function buttonRoutes(db: Kysely<DB>): CallRoute[] {
  const tree = (ctx: ScopedContext) => buttonTreeFor(db, ctx.scope, ctx.actor.userId, ctx.locale);
  return [
    scopedRoute(roleButtonTree, (_input, ctx) => tree(ctx)),
    scopedRoute(getButtonTree, (_input, ctx) => tree(ctx)),
    scopedRoute(addButton, (input, ctx) => done(addTreeButton(db, ctx.scope, ctx.actor.userId, input))),
    route(renameButton, (input) => done(renameTreeButton(db, input))),
    route(moveButton, (input) => done(moveTreeButton(db, input))),
    route(deleteButton, (input) => done(deleteTreeButton(db, input))),
  ];
}
