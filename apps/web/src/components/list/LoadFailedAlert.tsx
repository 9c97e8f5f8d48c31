import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A list's error state: the list could not be loaded, with a retry button. */
export function LoadFailedAlert({ onRetry, testId }: { onRetry(): void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('list.loadFailed')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('list.retry')}
        </Button>
      }
      data-testid={testId}
    />
  );
}
