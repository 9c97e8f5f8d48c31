import { lazyPage } from './lazyPage.tsx';
import { loadPageAreas } from '../i18n/pageAreas.ts';
import { HOME_CODE, SHELL_CODE } from './pageCode.ts';

export const CompanyLayout = lazyPage(SHELL_CODE.load);
export const HomePage = lazyPage(() =>
  Promise.all([HOME_CODE.load(), loadPageAreas(HOME_CODE.areas)]).then(([page]) => page),
);

/**
 * Starts loading the company shell and its home page (what opens after a sign-in, with its charts' code) while the
 * sign-in calls run, so that they render at once when the console enters the company.
 */
export function preloadCompanyHome(): void {
  void CompanyLayout.preload();
  void HomePage.preload();
  for (const load of HOME_CODE.mountCode ?? []) void load().catch(() => undefined);
}
