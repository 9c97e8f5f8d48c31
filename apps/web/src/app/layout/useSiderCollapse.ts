import { useCallback, useEffect, useState } from 'react';
import { SessionKey } from '../../session/storageKeys.ts';

/** Spec section 2: the menu collapses by itself on screens narrower than 1850 px. */
export const AUTO_COLLAPSE_WIDTH = 1850;

function initial(): boolean {
  const stored = sessionStorage.getItem(SessionKey.IS_COLLAPSE);
  if (stored !== null) return stored === 'true';
  return window.innerWidth < AUTO_COLLAPSE_WIDTH;
}

/** Whether the side menu is collapsed, kept in session storage (isCollapse). */
export function useSiderCollapse(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsedState] = useState(initial);
  const setCollapsed = useCallback((next: boolean) => {
    sessionStorage.setItem(SessionKey.IS_COLLAPSE, String(next));
    setCollapsedState(next);
  }, []);
  useEffect(() => {
    const onResize = () => {
      if (window.innerWidth < AUTO_COLLAPSE_WIDTH) setCollapsed(true);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setCollapsed]);
  return [collapsed, setCollapsed];
}
