/**
 * Starts loading the company shell and its home page (what opens after a sign-in) while the
 * sign-in calls run, instead of after them. A failure here is left to the page's own loader.
 */
export function preloadCompanyHome(): void {
  void import('../../../app/layout/CompanyLayout.tsx').catch(() => undefined);
  void import('../../home/overview/index.tsx').catch(() => undefined);
}
