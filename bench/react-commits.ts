import type { Page } from 'playwright-core';

/** One React commit of a page: how many components rendered in it, and the topmost of them (where it started). */
export interface Commit {
  rendered: number;
  tops: string[];
}

// Plain JavaScript in a string: the bench bundle's helpers (esbuild's __name) do not exist in the page.
const HOOK = `(() => {
  const commits = [];
  const ownName = (fiber) => {
    const type = fiber.type;
    if (typeof type === 'string') return type;
    if (!type) return null;
    return type.displayName || type.name || (type.render && (type.render.displayName || type.render.name)) ||
      (type.type && (type.type.displayName || type.type.name)) || null;
  };
  // An anonymous component is named by its nearest named owner: 'Owner>?'.
  const nameOf = (fiber) => {
    const own = ownName(fiber);
    if (own) return own;
    for (let up = fiber.return; up; up = up.return) {
      const name = ownName(up);
      if (name) return name + '>?';
    }
    return '?';
  };
  // With BENCH_COMMITS=2: where the component sits (its named owners) and what its render changed first.
  const detail = (fiber) => {
    const owners = [];
    for (let up = fiber.return; up && owners.length < 4; up = up.return) {
      const name = ownName(up);
      if (name) owners.push(name);
    }
    const changed = [];
    const props = fiber.memoizedProps, before = fiber.alternate && fiber.alternate.memoizedProps;
    if (props && before && typeof props === 'object')
      for (const key of Object.keys(props)) if (props[key] !== before[key]) changed.push(key);
    const state = fiber.memoizedState !== (fiber.alternate && fiber.alternate.memoizedState) ? ' state' : '';
    return ' [in ' + owners.join('<') + '; props ' + changed.slice(0, 5).join(',') + state + ']';
  };
  // Function, class, forwardRef and memo components: the fibers whose render runs the console's or antd's code.
  const component = new Set([0, 1, 11, 14, 15]);
  const PERFORMED_WORK = 1;
  // As React DevTools does: a fiber whose child list is its previous version's was not visited in this commit.
  const walk = (fiber, parentRendered, out) => {
    for (let f = fiber; f; f = f.sibling) {
      const fresh = f.alternate === null;
      const rendered = component.has(f.tag) && (fresh || (f.flags & PERFORMED_WORK) !== 0);
      if (rendered) out.rendered += 1;
      if (rendered && window.__commitDetail && out.first && out.first.length < 40) out.first.push(nameOf(f) + (fresh ? '+' : ''));
      if (rendered && !fresh && !parentRendered && out.tops.length < 8) out.tops.push(nameOf(f) + (window.__commitDetail ? detail(f) : ''));
      if (fresh || f.child !== f.alternate.child) walk(f.child, parentRendered || rendered, out);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id, root) => {
      const out = { rendered: 0, tops: [], first: [] };
      walk(root.current, false, out);
      if (window.__commitDetail && out.rendered > 500) out.tops.push('FIRST: ' + out.first.join(' '));
      commits.push(out);
    },
  };
  window.__commits = commits;
})();`;

/**
 * Installs, before the page's code, a stand-in for React DevTools' hook that records every commit: the components
 * that rendered in it (React's PerformedWork flag, or mounted) and, by name, the topmost re-rendered ones. Names are
 * readable only in a build without minification (`npx vite build --minify false --outDir DIR` in apps/web).
 */
export async function recordCommits(page: Page, detail = false): Promise<void> {
  await page.addInitScript(`window.__commitDetail = ${detail};`);
  await page.addInitScript(HOOK);
}

/** The commits recorded since the page loaded (recordCommits installed before). */
export function commitsOf(page: Page): Promise<Commit[]> {
  return page.evaluate(() => (window as unknown as { __commits?: Commit[] }).__commits ?? []);
}
