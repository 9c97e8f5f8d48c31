import { useState, type ReactNode } from 'react';
import { Button, Space, Tag, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback.tsx';
import { ConfirmAction } from './ConfirmAction.tsx';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { ACTIONS_COLUMN_KEY } from './RowActions.tsx';
import { useInvalidateList } from './useInvalidateList.ts';

/** The calls behind an account row's actions, each taking the row's id. */
export interface AccountCalls {
  lock(id: string): Promise<unknown>;
  unlock(id: string): Promise<unknown>;
  remove(id: string): Promise<unknown>;
  resetPassword(id: string, values: { password: string; confirmPassword: string }): Promise<unknown>;
}

interface Options<Row> {
  listName: string;
  idOf(row: Row): string;
  /** How the account is named in the questions. */
  nameOf(row: Row): string;
  lockedOf(row: Row): boolean;
  calls: AccountCalls;
  onEdit(row: Row): void;
}

/** An account list's status column (normal or locked), its actions column (edit, reset password, lock/unlock and delete, confirmed) and its password dialog. */
export function useAccountActions<Row>({ listName, idOf, nameOf, lockedOf, calls, onEdit }: Options<Row>): {
  statusColumn: TableColumnType<Row>;
  column: TableColumnType<Row>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const refresh = useInvalidateList(listName);
  const [resetting, setResetting] = useState<Row | null>(null);
  const run = (action: Promise<unknown>, done: string) =>
    action.then(() => {
      void message.success(t(done));
      return refresh();
    });
  const statusColumn: TableColumnType<Row> = {
    title: t('list.status'),
    key: 'locked',
    render: (_value, row) =>
      lockedOf(row) ? (
        <Tag color="red">{t('list.statusLocked')}</Tag>
      ) : (
        <Tag color="green">{t('list.statusNormal')}</Tag>
      ),
  };
  const column: TableColumnType<Row> = {
    title: t('list.actions'),
    key: ACTIONS_COLUMN_KEY,
    render: (_value, row) => {
      const name = nameOf(row);
      return (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(row)} data-testid="row-edit">
            {t('list.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => setResetting(row)} data-testid="row-reset-password">
            {t('list.resetPassword')}
          </Button>
          {lockedOf(row) ? (
            <ConfirmAction
              title={t('list.unlockConfirm', { name })}
              onConfirm={() => run(calls.unlock(idOf(row)), 'list.unlocked')}
              danger={false}
              testId="row-unlock"
            >
              {t('list.unlock')}
            </ConfirmAction>
          ) : (
            <ConfirmAction
              title={t('list.lockConfirm', { name })}
              onConfirm={() => run(calls.lock(idOf(row)), 'list.locked')}
              testId="row-lock"
            >
              {t('list.lock')}
            </ConfirmAction>
          )}
          <ConfirmAction
            title={t('list.deleteConfirm', { name })}
            onConfirm={() => run(calls.remove(idOf(row)), 'list.deleted')}
            testId="row-delete"
          >
            {t('list.delete')}
          </ConfirmAction>
        </Space>
      );
    },
  };
  const dialogs = (
    <ResetPasswordModal
      accountName={resetting ? nameOf(resetting) : null}
      onSubmit={(values) => (resetting ? calls.resetPassword(idOf(resetting), values) : Promise.resolve())}
      onClose={() => setResetting(null)}
    />
  );
  return { statusColumn, column, dialogs };
}
