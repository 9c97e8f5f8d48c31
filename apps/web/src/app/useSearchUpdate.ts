import { useCallback } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router-dom';

/**
 * The query of the address as it is now. The router renders a change later (in a transition), so two changes made
 * before it has (the curve's points kept, then a tab chosen) would each start from the rendered query and the second
 * would drop the first; the console's hash router writes the address at once, so it is read from there.
 */
function currentSearch(renderedPath: string, renderedSearch: string): string {
  const hash = typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, '');
  const queryAt = hash.indexOf('?');
  const path = queryAt >= 0 ? hash.slice(0, queryAt) : hash;
  if (path !== renderedPath) return renderedSearch;
  return queryAt >= 0 ? hash.slice(queryAt) : '';
}

/** Changes some of the page's query parameters and keeps the others, including those another part of the page has just set. */
export function useSearchUpdate() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (update: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = update(new URLSearchParams(currentSearch(pathname, search)));
      void navigate({ search: `?${next.toString()}` }, options);
    },
    [navigate, pathname, search],
  );
}
