import { useEffect } from 'react';
import { HashRouter, useNavigate, useRoutes } from 'react-router-dom';
import { setNavigate } from '../api/navigation.ts';
import { routeTable } from './routes.tsx';

const ROUTES = routeTable();

function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => setNavigate((path) => void navigate(path)), [navigate]);
  return useRoutes(ROUTES);
}

/**
 * The console's hash router. The declarative HashRouter, not createHashRouter: the data-router
 * machinery (loaders, fetchers) is unused here and would cost the /login bundle about 15 KB gzipped.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
