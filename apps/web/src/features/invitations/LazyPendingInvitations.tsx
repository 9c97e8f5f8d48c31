import { lazy, Suspense } from 'react';
import { loadPageAreas } from '../../i18n/pageAreas.ts';
import type { PendingInvitationsProps } from './PendingInvitations.tsx';

// Loaded with their catalog only where a signed-in account lands, never with the /login bundle.
const withCatalog = <T,>(load: () => Promise<T>) => () => Promise.all([load(), loadPageAreas(['invitations'])]).then(([module]) => module);
const Pending = lazy(withCatalog(() => import('./PendingInvitations.tsx')));
const Header = lazy(withCatalog(() => import('./HeaderInvitations.tsx')));

/** The pending invitations, loaded lazily (company chooser, no-company page). */
export function LazyPendingInvitations(props: PendingInvitationsProps) {
  return (
    <Suspense fallback={null}>
      <Pending {...props} />
    </Suspense>
  );
}

/** The header's invitations button, loaded lazily. */
export function LazyHeaderInvitations() {
  return (
    <Suspense fallback={null}>
      <Header />
    </Suspense>
  );
}
