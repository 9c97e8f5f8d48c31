import type { ComponentType } from 'react';

/** How a console page's code and catalogs load: its module, and its catalog areas (locales/<locale>/pages/<area>.json). */
export interface PageCode {
  load: () => Promise<{ default: ComponentType }>;
  areas: readonly string[];
  /** Code the page asks for as soon as it mounts (e.g. its charts), started with the page on a reload. */
  mountCode?: readonly (() => Promise<unknown>)[];
}

// This module is part of the console's tiny entry (main.tsx): it imports no React, antd or i18n code, so a reload
// inside the console starts its page's code while the console's own code is still on its way (startAddressCode).

/** A page without catalogs of its own. */
const plain = (load: PageCode['load']): PageCode => ({ load, areas: [] });

// 'organization' holds the texts of ImageUpload (the avatar field) and of AreaPicker (the service areas).
// Organization pages share their components, so each loads every organization catalog.
const ORGANIZATION_AREAS = ['list', 'organization', 'dealers', 'members', 'roles', 'buttons'];
// Log pages (issue 22) show packets and operations as the device detail does, with its texts.
const LOG_AREAS = ['list', 'deviceDetail', 'logs'];
// Catalog pages (issue 4) link to one another (product detail -> protocol points), so they share both areas.
const CATALOG_AREAS = ['list', 'organization', 'products', 'protocols'];
// Device pages link to one another (list -> detail, favourites -> detail), so they share their areas;
// 'dealers' holds the texts of the dealer picker (filter, move, owner).
const DEVICE_AREAS = ['list', 'organization', 'dealers', 'devices', 'deviceDetail'];

/** The company shell (header, side menu) every console page renders in. */
export const SHELL_CODE = plain(() => import('./layout/CompanyLayout.tsx'));
// 'devices' holds the device status names of the key device tab; 'list' the tables' texts.
export const HOME_CODE: PageCode = {
  load: () => import('../features/home/overview/index.tsx'),
  areas: ['list', 'devices', 'home'],
  // ECharts (its lazy chunks) is asked for by the charts card as the page mounts.
  mountCode: [() => import('../features/home/overview/charts/DashboardChart.tsx')],
};
export const NOT_AVAILABLE_CODE = plain(() => import('../features/placeholder/notAvailable/index.tsx'));
export const PERSONAL_SETTING_CODE = plain(() => import('../features/settings/personalSetting/index.tsx'));

// OTA catalog pages (issue 23): the same page in both areas (the path tells the area).
const OTA_CATALOG_AREAS = ['list', 'otaCatalog'];
const OTA_FIRMWARE_CODE: PageCode = {
  load: () => import('../features/ota/firmwareList/index.tsx'),
  areas: OTA_CATALOG_AREAS,
};
const OTA_DEVICES_CODE: PageCode = {
  load: () => import('../features/ota/deviceList/index.tsx'),
  areas: OTA_CATALOG_AREAS,
};
const OTA_RECORDS_CODE: PageCode = {
  load: () => import('../features/ota/upgradeRecordList/index.tsx'),
  areas: OTA_CATALOG_AREAS,
};
const OTA_ROLLBACKS_CODE: PageCode = {
  load: () => import('../features/ota/rollbackList/index.tsx'),
  areas: OTA_CATALOG_AREAS,
};
const OTA_BATCH_CODE: PageCode = {
  load: () => import('../features/ota/batchUpgrading/index.tsx'),
  areas: OTA_CATALOG_AREAS,
};

/** Pages built so far, by menu path; every other menu route opens the not-available page. */
export const BUILT_PAGE_CODE: Record<string, PageCode> = {
  '/company/systemManage/messageManage': {
    load: () => import('../features/system/messageManage/index.tsx'),
    areas: ['list'],
  },
  '/company/dealerManage/dealersManage': {
    load: () => import('../features/dealers/index.tsx'),
    areas: ORGANIZATION_AREAS,
  },
  '/company/dealerManage/memberManage': {
    load: () => import('../features/members/index.tsx'),
    areas: ORGANIZATION_AREAS,
  },
  '/company/dealerManage/roleManage': { load: () => import('../features/roles/index.tsx'), areas: ORGANIZATION_AREAS },
  '/company/systemManage/buttonManage': {
    load: () => import('../features/buttons/index.tsx'),
    areas: ORGANIZATION_AREAS,
  },
  '/company/dealerManage/customerManage': {
    load: () => import('../features/customers/customerManage/index.tsx'),
    areas: ['list', 'organization', 'customers'],
  },
  '/company/dealerManage/pdaUserManage': {
    load: () => import('../features/pdaUsers/pdaUserManage/index.tsx'),
    areas: ['list', 'pdaUsers'],
  },
  '/company/dealerManage/departmentManage': {
    load: () => import('../features/departments/departmentManage/index.tsx'),
    areas: ['list', 'departments'],
  },
  '/company/dealerManage/engineerManage': {
    load: () => import('../features/engineers/engineerManage/index.tsx'),
    areas: ['list', 'organization', 'engineers'],
  },
  '/company/logManage/accountLog': {
    load: () => import('../features/accountLog/accountLog/index.tsx'),
    areas: ['list', 'accountLog'],
  },
  '/company/logManage/apiUsedLog': {
    load: () => import('../features/logs/apiUsedLog/index.tsx'),
    areas: ['list', 'logs'],
  },
  '/company/logManage/communicationLog': {
    load: () => import('../features/logs/communicationLog/index.tsx'),
    areas: LOG_AREAS,
  },
  '/company/logManage/communicationLogQuery': {
    load: () => import('../features/logs/communicationLogQuery/index.tsx'),
    areas: LOG_AREAS,
  },
  '/company/productManage/seriesManage': { load: () => import('../features/series/index.tsx'), areas: CATALOG_AREAS },
  '/company/productManage/dataTypeManage': {
    load: () => import('../features/dataTypes/index.tsx'),
    areas: CATALOG_AREAS,
  },
  '/company/productManage/productsManage': {
    load: () => import('../features/products/index.tsx'),
    areas: CATALOG_AREAS,
  },
  '/company/productManage/protocalManage': {
    load: () => import('../features/protocols/index.tsx'),
    areas: CATALOG_AREAS,
  },
  '/company/deviceManage/devicesManage': { load: () => import('../features/devices/index.tsx'), areas: DEVICE_AREAS },
  '/company/deviceManage/collectionManage': {
    load: () => import('../features/devices/favourites/FavouritesPage.tsx'),
    areas: DEVICE_AREAS,
  },
  '/company/deviceManage/faultDeviceManage': {
    load: () => import('../features/deviceFaults/faultDeviceManage/index.tsx'),
    areas: ['list', 'deviceFaults'],
  },
  '/company/deviceManage/abnormalDeviceManage': {
    load: () => import('../features/deviceFaults/abnormalDeviceManage/index.tsx'),
    areas: ['list', 'deviceFaults'],
  },
  '/company/deviceManage/snBoundMgr': {
    load: () => import('../features/deviceBinding/snBoundMgr/index.tsx'),
    areas: ['list', 'deviceBinding'],
  },
  '/company/deviceManage/macMgr': {
    load: () => import('../features/deviceBinding/macMgr/index.tsx'),
    areas: ['list', 'deviceBinding'],
  },
  // Project pages show their devices as the device pages do ('devices', 'deviceDetail': status, fault, live).
  '/company/projectManage/projectsManage': {
    load: () => import('../features/projects/index.tsx'),
    areas: ['list', 'devices', 'deviceDetail', 'projects'],
  },
  '/company/otaManage/deviceList': OTA_DEVICES_CODE,
  '/company/otaManage/rollbackList': OTA_ROLLBACKS_CODE,
  '/company/otaManage/upgradeRecordList': OTA_RECORDS_CODE,
  '/company/otaManage/firmwareList': OTA_FIRMWARE_CODE,
  '/company/otaNewManage/deviceList': OTA_DEVICES_CODE,
  '/company/otaNewManage/rollbackList': OTA_ROLLBACKS_CODE,
  '/company/otaNewManage/upgradeRecordList': OTA_RECORDS_CODE,
  '/company/otaNewManage/firmwareList': OTA_FIRMWARE_CODE,
  '/company/otaNewManage/batchUpgrading': OTA_BATCH_CODE,
  // OTA task pages (issue 23), one per area; 'list' holds the list texts.
  '/company/otaManage/taskList': {
    load: () => import('../features/otaTasks/second.tsx'),
    areas: ['list', 'otaTasks', 'otaCatalog'],
  },
  '/company/otaNewManage/taskList': {
    load: () => import('../features/otaTasks/fourG.tsx'),
    areas: ['list', 'otaTasks', 'otaCatalog'],
  },
};

/** The path of a console address (its hash), without query or trailing slash. */
export const addressPath = (hash: string) => (hash.replace(/^#/, '').split('?')[0] ?? '').replace(/\/$/, '');

/** The code of the page at a console address (the hash, e.g. '#/company/deviceManage/devicesManage?x=1'); none outside /company. */
export function pageCodeAt(hash: string): PageCode | undefined {
  const path = addressPath(hash);
  if (path !== '/company' && !path.startsWith('/company/')) return undefined;
  if (path === '/company') return HOME_CODE;
  if (path === '/company/personalSetting') return PERSONAL_SETTING_CODE;
  return (
    Object.entries(BUILT_PAGE_CODE).find(([route]) => path === route || path.startsWith(`${route}/`))?.[1] ??
    NOT_AVAILABLE_CODE
  );
}
