import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PlatformStatusLevel } from '@dcc/contract';
import { fetchPlatformStatus } from '../../api/platformStatus.ts';
import { endSession } from '../../api/sessionEnd.ts';
import { useSession } from '../../session/session.ts';
import { useTranslation } from 'react-i18next';

const REFRESH_MS = 60_000;

/** The active platform status entry, refreshed every minute. */
export function usePlatformStatus() {
  // The message comes translated: asked again when the language changes.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['platformStatus', i18n.language],
    queryFn: fetchPlatformStatus,
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
}

/**
 * Signs the user out with the platform's message while the platform status is error. A component that shows nothing,
 * so that the status's answers re-render it alone, not the shell that holds it.
 */
export function LogoutOnPlatformError(): null {
  const { data } = usePlatformStatus();
  const { sessionid } = useSession();
  useEffect(() => {
    if (sessionid && data?.status === PlatformStatusLevel.ERROR) endSession(data.message);
  }, [data, sessionid]);
  return null;
}
