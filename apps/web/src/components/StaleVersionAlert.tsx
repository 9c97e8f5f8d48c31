import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@dcc/contract';
import { hasErrorCode } from '../api/errors.ts';

/** The API client's options for a save whose STALE_VERSION refusal the form shows itself (with StaleVersionAlert) instead of a toast. */
export const STALE_VERSION_QUIET = [ErrorCode.STALE_VERSION] as const;

interface Props {
  /** The save's last error (the mutation's `error`); the alert shows only for STALE_VERSION. */
  error: unknown;
  /** Called once the stored records are read again: the form starts over from them (with their new version). */
  onReloaded(): void;
}

/**
 * An edit form's answer to a lost-update refusal: the record changed since the form loaded it.
 * The form keeps what was typed until Reload, which reads the records again and starts the form
 * over from the stored values, so the change can be made again on top of the other one.
 */
export function StaleVersionAlert({ error, onReloaded }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reloading, setReloading] = useState(false);
  if (!hasErrorCode(error, ErrorCode.STALE_VERSION)) return null;
  const reload = async () => {
    setReloading(true);
    await queryClient.invalidateQueries().catch(() => undefined);
    setReloading(false);
    onReloaded();
  };
  return (
    <Alert
      type="warning"
      showIcon
      title={error.message || t('error.staleVersion')}
      action={
        <Button size="small" loading={reloading} onClick={() => void reload()} data-testid="stale-version-reload">
          {t('common.reload')}
        </Button>
      }
      style={{ marginBottom: 16 }}
      data-testid="stale-version"
    />
  );
}
