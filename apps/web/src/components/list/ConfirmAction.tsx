import type { ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The question, naming what will happen to what. */
  title: ReactNode;
  /** The link button's text, also the confirm button's text. */
  children: ReactNode;
  /** Runs on confirm; the confirm button spins until it settles. */
  onConfirm(): Promise<unknown>;
  danger?: boolean;
  testId?: string;
}

/** A link button that asks for confirmation before a destructive action (delete, lock, reset password). */
export function ConfirmAction({ title, children, onConfirm, danger = true, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      okText={children}
      cancelText={t('list.cancel')}
      okButtonProps={{ danger, ...(testId ? { 'data-testid': `${testId}-confirm` } : {}) }}
      // Errors are already shown by the API client; the promise only drives the spinner.
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      <Button type="link" size="small" danger={danger} data-testid={testId}>
        {children}
      </Button>
    </Popconfirm>
  );
}
