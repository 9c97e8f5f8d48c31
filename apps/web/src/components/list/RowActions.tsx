import type { ReactNode } from 'react';
import { Button, Space, type TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback.tsx';
import { ConfirmAction } from './ConfirmAction.tsx';

/** The key of a list's actions column (pages that read only leave it out by this key). */
export const ACTIONS_COLUMN_KEY = 'actions';

/** A list's actions column (DataTable fixes it on the right), each row's cell drawn by `render`. */
export function actionsColumn<Row>(t: TFunction, render: (row: Row) => ReactNode): TableColumnType<Row> {
  return { title: t('list.actions'), key: ACTIONS_COLUMN_KEY, render: (_value, row) => render(row) };
}

interface Props {
  /** Opens the row to edit (or to view). */
  onEdit(): void;
  /** The edit link's text: "Edit" unless told. */
  editLabel?: ReactNode;
  /** The edit link's data-testid: row-edit unless told. */
  editTestId?: string;
  /** Deletes the row; without it there is no delete link. */
  onDelete?: (() => Promise<unknown>) | undefined;
  /** How the row is named in the default question "Delete {name}?". */
  deleteName?: string;
  /** A question of the page's own, in place of the default one. */
  deleteQuestion?: ReactNode;
}

/** A list row's edit link and its confirmed delete (testids row-edit, row-delete, row-delete-confirm), toasting "Deleted" when done. */
export function RowActions({
  onEdit,
  editLabel,
  editTestId = 'row-edit',
  onDelete,
  deleteName = '',
  deleteQuestion,
}: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={onEdit} data-testid={editTestId}>
        {editLabel ?? t('list.edit')}
      </Button>
      {onDelete && (
        <ConfirmAction
          title={deleteQuestion ?? t('list.deleteConfirm', { name: deleteName })}
          onConfirm={() => onDelete().then(() => void message.success(t('list.deleted')))}
          testId="row-delete"
        >
          {t('list.delete')}
        </ConfirmAction>
      )}
    </Space>
  );
}
