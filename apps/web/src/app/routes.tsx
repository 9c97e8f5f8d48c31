import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Button, flattenMenu } from '@dcc/contract';
import { RequireAuth, RequireButton, RequireCompany } from './guards.tsx';
import { lazyPage, type LazyPage } from './lazyPage.tsx';
import { CompanyLayout, HomePage } from './companyHome.ts';
import { loadPageAreas } from '../i18n/pageAreas.ts';
// The first page most visits open: loaded with the entry (it is in the /login chunk anyway), not lazily,
// which would show a fallback first and then wait React's reveal delay (about 300 ms) to show it.
import LoginPage from '../features/auth/login/index.tsx';

/** A top-level route and whether it needs a signed-in session. */
interface AppRoute {
  path: string;
  needAuth: boolean;
  Page: ComponentType;
}

const NotAvailablePage = lazyPage(() => import('../features/placeholder/notAvailable/index.tsx'));
const NotFoundPage = lazyPage(() => import('../features/placeholder/notFound/index.tsx'));
const PersonalSettingPage = lazyPage(() => import('../features/settings/personalSetting/index.tsx'));
/** A lazily loaded page whose catalogs (locales/<locale>/pages/<area>.json) load with it, outside the /login bundle. */
const pageWithAreas = (areas: readonly string[], load: () => Promise<{ default: ComponentType }>) =>
  lazyPage(() => Promise.all([load(), loadPageAreas(areas)]).then(([page]) => page));
const MessageManagePage = pageWithAreas(['list'], () => import('../features/system/messageManage/index.tsx'));
// 'organization' holds the texts of ImageUpload (the avatar field).
const CustomerManagePage = pageWithAreas(
  ['list', 'organization', 'customers'],
  () => import('../features/customers/customerManage/index.tsx'),
);
// Organization pages share their components, so each loads every organization catalog.
const ORGANIZATION_AREAS = ['list', 'organization', 'dealers', 'members', 'roles', 'buttons'];
const DealersPage = pageWithAreas(ORGANIZATION_AREAS, () => import('../features/dealers/index.tsx'));
const MembersPage = pageWithAreas(ORGANIZATION_AREAS, () => import('../features/members/index.tsx'));
const RolesPage = pageWithAreas(ORGANIZATION_AREAS, () => import('../features/roles/index.tsx'));
const ButtonsPage = pageWithAreas(ORGANIZATION_AREAS, () => import('../features/buttons/index.tsx'));
const PdaUserManagePage = pageWithAreas(
  ['list', 'pdaUsers'],
  () => import('../features/pdaUsers/pdaUserManage/index.tsx'),
);
const DepartmentManagePage = pageWithAreas(
  ['list', 'departments'],
  () => import('../features/departments/departmentManage/index.tsx'),
);
// 'organization' holds the texts of AreaPicker (the service areas).
const EngineerManagePage = pageWithAreas(
  ['list', 'organization', 'engineers'],
  () => import('../features/engineers/engineerManage/index.tsx'),
);
const AccountLogPage = pageWithAreas(
  ['list', 'accountLog'],
  () => import('../features/accountLog/accountLog/index.tsx'),
);
// Log pages (issue 22) show packets and operations as the device detail does, with its texts.
const LOG_AREAS = ['list', 'deviceDetail', 'logs'];
const ApiUsedLogPage = pageWithAreas(['list', 'logs'], () => import('../features/logs/apiUsedLog/index.tsx'));
const CommunicationLogPage = pageWithAreas(LOG_AREAS, () => import('../features/logs/communicationLog/index.tsx'));
const CommunicationLogQueryPage = pageWithAreas(
  LOG_AREAS,
  () => import('../features/logs/communicationLogQuery/index.tsx'),
);
// Catalog pages (issue 4) link to one another (product detail -> protocol points), so they share both areas.
const CATALOG_AREAS = ['list', 'organization', 'products', 'protocols'];
const SeriesPage = pageWithAreas(CATALOG_AREAS, () => import('../features/series/index.tsx'));
const DataTypesPage = pageWithAreas(CATALOG_AREAS, () => import('../features/dataTypes/index.tsx'));
const ProductsPage = pageWithAreas(CATALOG_AREAS, () => import('../features/products/index.tsx'));
const ProtocolsPage = pageWithAreas(CATALOG_AREAS, () => import('../features/protocols/index.tsx'));
// Device pages link to one another (list -> detail, favourites -> detail), so they share their areas;
// 'dealers' holds the texts of the dealer picker (filter, move, owner).
const DEVICE_AREAS = ['list', 'organization', 'dealers', 'devices', 'deviceDetail'];
const DevicesPage = pageWithAreas(DEVICE_AREAS, () => import('../features/devices/index.tsx'));
const FavouriteDevicesPage = pageWithAreas(
  DEVICE_AREAS,
  () => import('../features/devices/favourites/FavouritesPage.tsx'),
);
const FaultDevicesPage = pageWithAreas(
  ['list', 'deviceFaults'],
  () => import('../features/deviceFaults/faultDeviceManage/index.tsx'),
);
const AbnormalDevicesPage = pageWithAreas(
  ['list', 'deviceFaults'],
  () => import('../features/deviceFaults/abnormalDeviceManage/index.tsx'),
);
const SnBoundMgrPage = pageWithAreas(
  ['list', 'deviceBinding'],
  () => import('../features/deviceBinding/snBoundMgr/index.tsx'),
);
const MacMgrPage = pageWithAreas(['list', 'deviceBinding'], () => import('../features/deviceBinding/macMgr/index.tsx'));
// Project pages show their devices as the device pages do ('devices', 'deviceDetail': status, fault, live).
const ProjectsPage = pageWithAreas(
  ['list', 'devices', 'deviceDetail', 'projects'],
  () => import('../features/projects/index.tsx'),
);

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

/** Pages built so far, by menu path; every other menu route opens the not-available page. */
const BUILT_PAGES: Record<string, LazyPage> = {
  '/company/systemManage/messageManage': MessageManagePage,
  '/company/dealerManage/dealersManage': DealersPage,
  '/company/dealerManage/memberManage': MembersPage,
  '/company/dealerManage/roleManage': RolesPage,
  '/company/systemManage/buttonManage': ButtonsPage,
  '/company/dealerManage/customerManage': CustomerManagePage,
  '/company/dealerManage/pdaUserManage': PdaUserManagePage,
  '/company/dealerManage/departmentManage': DepartmentManagePage,
  '/company/dealerManage/engineerManage': EngineerManagePage,
  '/company/logManage/accountLog': AccountLogPage,
  '/company/logManage/apiUsedLog': ApiUsedLogPage,
  '/company/logManage/communicationLog': CommunicationLogPage,
  '/company/logManage/communicationLogQuery': CommunicationLogQueryPage,
  '/company/productManage/seriesManage': SeriesPage,
  '/company/productManage/dataTypeManage': DataTypesPage,
  '/company/productManage/productsManage': ProductsPage,
  '/company/productManage/protocalManage': ProtocolsPage,
  '/company/deviceManage/devicesManage': DevicesPage,
  '/company/deviceManage/collectionManage': FavouriteDevicesPage,
  '/company/deviceManage/faultDeviceManage': FaultDevicesPage,
  '/company/deviceManage/abnormalDeviceManage': AbnormalDevicesPage,
  '/company/deviceManage/snBoundMgr': SnBoundMgrPage,
  '/company/deviceManage/macMgr': MacMgrPage,
  '/company/projectManage/projectsManage': ProjectsPage,
};

/**
 * Loads the code of the shell and of the page at a console address (the hash, e.g.
 * '#/company/deviceManage/devicesManage?x=1') side by side, instead of the page's only once the shell
 * has rendered; resolves when both are here (or failed: the page's error boundary then offers a reload).
 * The console renders meanwhile: its CPU work overlaps the page's download.
 */
export function preloadAddress(hash: string): Promise<unknown> {
  const path = (hash.replace(/^#/, '').split('?')[0] ?? '').replace(/\/$/, '');
  if (path !== '/company' && !path.startsWith('/company/')) return Promise.resolve();
  const page =
    path === '/company'
      ? HomePage
      : path === '/company/personalSetting'
        ? PersonalSettingPage
        : (Object.entries(BUILT_PAGES).find(([route]) => path === route || path.startsWith(`${route}/`))?.[1] ??
          NotAvailablePage);
  return Promise.all([CompanyLayout.preload(), page.preload()]);
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
