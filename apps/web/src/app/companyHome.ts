import { lazyPage } from './lazyPage.tsx';
import { loadPageAreas } from '../i18n/pageAreas.ts';

export const CompanyLayout = lazyPage(() => import('./layout/CompanyLayout.tsx'));
// 'devices' holds the device status names of the key device tab; 'list' the tables' texts.
export const HomePage = lazyPage(() =>
  Promise.all([import('../features/home/overview/index.tsx'), loadPageAreas(['list', 'devices', 'home'])]).then(
    ([page]) => page,
  ),
);

/**
 * Starts loading the company shell and its home page (what opens after a sign-in) while the
 * sign-in calls run, so that they render at once when the console enters the company.
 */
export function preloadCompanyHome(): void {
  void CompanyLayout.preload();
  void HomePage.preload();
}
