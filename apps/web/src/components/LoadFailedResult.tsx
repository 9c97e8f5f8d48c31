import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@dcc/contract';
import { hasErrorCode } from '../api/errors.ts';

/**
 * What a page shows when its record could not be read: a record that does not exist or is outside the
 * caller's subtree (NOT_FOUND) says so, with no retry; any other failure asks to check the network and reload.
 */
export function LoadFailedResult({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  if (hasErrorCode(error, ErrorCode.NOT_FOUND))
    return <Result status="404" title={t('error.notFound')} data-testid="record-not-found" />;
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      extra={<Button onClick={onRetry}>{t('common.reload')}</Button>}
      data-testid="load-failed"
    />
  );
}
