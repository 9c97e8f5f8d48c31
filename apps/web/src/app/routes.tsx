import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Button, flattenMenu } from '@dcc/contract';
import { RequireAuth, RequireButton, RequireCompany } from './guards.tsx';
import { lazyPage, type LazyPage } from './lazyPage.tsx';
import { CompanyLayout, HomePage } from './companyHome.ts';
import { loadPageAreas } from '../i18n/pageAreas.ts';
import {
  BUILT_PAGE_CODE,
  HOME_CODE,
  NOT_AVAILABLE_CODE,
  PERSONAL_SETTING_CODE,
  pageCodeAt,
  type PageCode,
} from './pageCode.ts';
// The first page most visits open: loaded with the entry (it is in the /login chunk anyway), not lazily,
// which would show a fallback first and then wait React's reveal delay (about 300 ms) to show it.
import LoginPage from '../features/auth/login/index.tsx';

/** A top-level route and whether it needs a signed-in session. */
interface AppRoute {
  path: string;
  needAuth: boolean;
  Page: ComponentType;
}

const NotAvailablePage = lazyPage(NOT_AVAILABLE_CODE.load);
const NotFoundPage = lazyPage(() => import('../features/placeholder/notFound/index.tsx'));
const PersonalSettingPage = lazyPage(PERSONAL_SETTING_CODE.load);
/** A lazily loaded page whose catalogs (locales/<locale>/pages/<area>.json) load with it, outside the /login bundle. */
const pageWithAreas = ({ load, areas }: PageCode) =>
  lazyPage(() => Promise.all([load(), loadPageAreas(areas)]).then(([page]) => page));

/** Routes outside the company shell. forceUpdatePwd and noCompany need the session the sign-in just opened. */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/login', needAuth: false, Page: LoginPage },
  { path: '/register', needAuth: false, Page: lazyPage(() => import('../features/auth/register/index.tsx')) },
  { path: '/forgetPwd', needAuth: false, Page: lazyPage(() => import('../features/auth/forgetPwd/index.tsx')) },
  {
    path: '/forceUpdatePwd',
    needAuth: true,
    Page: lazyPage(() => import('../features/auth/forceUpdatePwd/index.tsx')),
  },
  { path: '/noCompany', needAuth: true, Page: lazyPage(() => import('../features/auth/noCompany/index.tsx')) },
  { path: '/personalSetting', needAuth: true, Page: PersonalSettingPage },
];

/** Pages built so far, by menu path (app/pageCode.ts); every other menu route opens the not-available page. */
const BUILT_PAGES: Record<string, LazyPage> = Object.fromEntries(
  Object.entries(BUILT_PAGE_CODE).map(([path, code]) => [path, pageWithAreas(code)]),
);
/** The page each code entry shows. */
const PAGE_OF = new Map<PageCode, LazyPage>([
  [HOME_CODE, HomePage],
  [PERSONAL_SETTING_CODE, PersonalSettingPage],
  [NOT_AVAILABLE_CODE, NotAvailablePage],
  ...Object.entries(BUILT_PAGE_CODE).map(([path, code]): [PageCode, LazyPage] => [code, BUILT_PAGES[path]!]),
]);

/**
 * Loads the code of the shell and of the page at a console address (the hash, e.g.
 * '#/company/deviceManage/devicesManage?x=1') side by side, instead of the page's only once the shell
 * has rendered; resolves when both are here (or failed: the page's error boundary then offers a reload).
 * The console renders meanwhile: its CPU work overlaps the page's download. (The downloads themselves
 * started earlier, from the entry: app/startAddressCode.ts.)
 */
export function preloadAddress(hash: string): Promise<unknown> {
  const code = pageCodeAt(hash);
  const page = code && PAGE_OF.get(code);
  return page ? Promise.all([CompanyLayout.preload(), page.preload()]) : Promise.resolve();
}

const guarded = (needAuth: boolean, Page: ComponentType) =>
  needAuth ? (
    <RequireAuth>
      <Page />
    </RequireAuth>
  ) : (
    <Page />
  );

function companyRoutes(): RouteObject[] {
  const menuRoutes = flattenMenu()
    .filter((entry) => entry.button !== Button.HOME)
    .map((entry) => {
      const Page = BUILT_PAGES[entry.path] ?? NotAvailablePage;
      const element = (
        <RequireButton button={entry.button}>
          <Page />
        </RequireButton>
      );
      // The trailing '*' matches the entry's own path too and lets its page render descendant <Routes>.
      return { path: `${entry.path.replace('/company/', '')}/*`, element };
    });
  return [
    {
      index: true,
      element: (
        <RequireButton button={Button.HOME}>
          <HomePage />
        </RequireButton>
      ),
    },
    { path: 'personalSetting', element: <PersonalSettingPage /> },
    ...menuRoutes,
    { path: '*', element: <NotFoundPage /> },
  ];
}

/** The whole route table of the hash router. */
export function routeTable(): RouteObject[] {
  return [
    { path: '/', element: <Navigate to="/login" replace /> },
    ...APP_ROUTES.map(({ path, needAuth, Page }) => ({ path, element: guarded(needAuth, Page), handle: { needAuth } })),
    {
      path: '/company',
      element: (
        <RequireAuth>
          <RequireCompany>
            <CompanyLayout />
          </RequireCompany>
        </RequireAuth>
      ),
      handle: { needAuth: true },
      children: companyRoutes(),
    },
    { path: '*', element: <Navigate to="/login" replace /> },
  ];
}
