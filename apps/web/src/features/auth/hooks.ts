import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { logout } from '@dcc/contract';
import { call } from '../../api/client.ts';
import { clearSession } from '../../session/session.ts';

/** Ends the session on the server (best effort), forgets it here and opens the login page. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await call(logout, {}).catch(() => undefined);
    clearSession();
    queryClient.clear();
    void navigate('/login');
  }, [navigate, queryClient]);
}
