import { lazyPage } from './lazyPage.tsx';

export const CompanyLayout = lazyPage(() => import('./layout/CompanyLayout.tsx'));
export const HomePage = lazyPage(() => import('../features/home/overview/index.tsx'));

/**
 * Starts loading the company shell and its home page (what opens after a sign-in) while the
 * sign-in calls run, so that they render at once when the console enters the company.
 */
export function preloadCompanyHome(): void {
  void CompanyLayout.preload();
  void HomePage.preload();
}
