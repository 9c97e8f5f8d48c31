import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { CallDef } from '@dcc/contract';
import { useMayCall } from '../session/mayCall.ts';
import { useSession } from '../session/session.ts';
import { lazyPage } from './lazyPage.tsx';

// Lazy: antd Result carries large illustrations that the /login bundle must not load.
const NoPermission = lazyPage(() => import('../components/NoPermission.tsx'));

/** Sends visitors without a session to the login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { sessionid } = useSession();
  return sessionid ? children : <Navigate to="/login" replace />;
}

/** Sends a session that has not chosen a company yet back to the login page, where the choice is made. */
export function RequireCompany({ children }: { children: ReactNode }) {
  const { dealersId } = useSession();
  return dealersId ? children : <Navigate to="/login" replace />;
}

/** Shows the no-permission page unless the current company grants `button`. */
export function RequireButton({ button, children }: { button: string; children: ReactNode }) {
  const { buttons } = useSession();
  return buttons.has(button) ? children : <NoPermission />;
}

/** Shows the no-permission page unless the current company may make `call` (a page that exists only to make it, such as an add wizard). */
export function RequireCall({ call, children }: { call: CallDef; children: ReactNode }) {
  return useMayCall(call) ? children : <NoPermission />;
}
