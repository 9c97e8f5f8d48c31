import { addSeries, DEFAULT_TIME_ZONE, getDealersByUser, login } from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import type { DealerScope } from '../auth/permission-repo.ts';
import type { ActiveSession } from '../auth/session-repo.ts';
import { makerScope } from '../modules/catalog/index.ts';
import { scopedRoute, type CallContext, type ScopedContext } from './call-route.ts';

/**
 * The one way a handler gets the caller's company: `scopedRoute` hands it the scope the permission check found
 * (and the actor), non-null; a call without a button has no scope to hand and cannot be bound that way.
 */

// As the permission check would answer it (only permission-repo.ts writes the brand; no database here).
const scopeAt = (level: number) => ({ dealerId: '7', level, path: '/7/' }) as unknown as DealerScope;
const session = { userId: '5' } as ActiveSession;
const context = (scope: DealerScope | null): CallContext => ({
  locale: 'en-US',
  timeZone: DEFAULT_TIME_ZONE,
  ip: '10.0.0.1',
  session,
  dealersId: '7',
  scope,
  file: null,
});

describe('scopedRoute', () => {
  it('refuses, when the server starts, to bind a call that declares no button or is public', () => {
    expect(() => scopedRoute(getDealersByUser, async () => [])).toThrow('declares no permission button');
    expect(() => scopedRoute(login, async () => null as never)).toThrow('declares no permission button');
  });

  it('hands the handler the scope and the actor of the call', async () => {
    let seen: ScopedContext | undefined;
    const bound = scopedRoute(addSeries, async (_input, ctx) => {
      seen = ctx;
      return null as never;
    });
    await bound.handle({}, context(scopeAt(0)));
    expect(seen?.scope).toEqual(scopeAt(0));
    expect(seen?.actor).toEqual({ userId: '5', ip: '10.0.0.1' });
  });

  it('fails loudly, never with a missing scope, when the pipeline let a call through without one', async () => {
    const bound = scopedRoute(addSeries, async () => null as never);
    await expect(async () => bound.handle({}, context(null))).rejects.toThrow('reached without a scope');
  });
});

describe('makerScope', () => {
  it('answers the platform scope of a catalog write and refuses one below it as a defect', async () => {
    const handled: DealerScope[] = [];
    const bound = scopedRoute(addSeries, async (_input, ctx) => {
      handled.push(makerScope(ctx));
      return null as never;
    });
    await bound.handle({}, context(scopeAt(0)));
    expect(handled).toEqual([scopeAt(0)]);
    await expect(bound.handle({}, context(scopeAt(1)))).rejects.toThrow('catalog write admitted below the platform');
  });
});
