import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, Route, RouterProvider, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Button, flattenMenu } from '@dcc/contract';
import { routeTable } from './routes.tsx';

afterEach(cleanup);

// A page that nests its own routes, as the product, protocol, dealer, role and data-type pages do.
function NestingPage() {
  return (
    <Routes>
      <Route index element={<p data-testid="nested-index">list</p>} />
    </Routes>
  );
}

// React Router warns when a page renders descendant <Routes> under a route whose path has no trailing '*'.
describe('the company routes', () => {
  const pages = flattenMenu().filter((entry) => entry.button !== Button.HOME);

  it.each(pages.map((entry) => entry.path))(
    '%s is matched by a route with a trailing *, so its page may nest routes',
    (path) => {
      const matches = matchRoutes(routeTable(), path) ?? [];
      expect(matches.at(-1)?.route.path).toBe(`${path.replace('/company/', '')}/*`);
    },
  );

  it('matches a page of a nested route (product detail) by the same entry', () => {
    const matches = matchRoutes(routeTable(), '/company/productManage/productsManage/productDetail/7') ?? [];
    expect(matches.at(-1)?.route.path).toBe('productManage/productsManage/*');
  });

  it('renders a page with descendant routes at its menu path without React Router warning (the console rule fails on one)', async () => {
    const path = '/company/productManage/productsManage';
    const pageRoute = matchRoutes(routeTable(), path)!.at(-1)!.route;
    const router = createMemoryRouter(
      [{ path: '/company', children: [{ path: pageRoute.path, element: <NestingPage /> }] }],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByTestId('nested-index')).toBeTruthy();
  });
});
