import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Button, flattenMenu } from '@dcc/contract';
import { routeTable } from './routes.tsx';

// React Router warns when a page renders descendant <Routes> under a route whose path has no trailing '*'.
describe('the company routes', () => {
  const pages = flattenMenu().filter((entry) => entry.button !== Button.HOME);

  it.each(pages.map((entry) => entry.path))('%s is matched by a route with a trailing *, so its page may nest routes', (path) => {
    const matches = matchRoutes(routeTable(), path) ?? [];
    expect(matches.at(-1)?.route.path).toBe(`${path.replace('/company/', '')}/*`);
  });

  it('matches a page of a nested route (product detail) by the same entry', () => {
    const matches = matchRoutes(routeTable(), '/company/productManage/productsManage/productDetail/7') ?? [];
    expect(matches.at(-1)?.route.path).toBe('productManage/productsManage/*');
  });
});
