import type { TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../../app/feedback.tsx';
import { useListMutation } from '../../../../components/list/index.ts';
import { FollowIcon } from './FollowIcon.tsx';

interface FollowColumnOptions<Row> {
  listName: string;
  idOf(row: Row): string;
  /** Unfollows the row's record (isImportant 0). */
  unfollow(id: string): Promise<unknown>;
  /** The message said once it is unfollowed. */
  doneKey: 'projects.unfollowed' | 'devices.unfollowed';
  testId: string;
}

/** A key table's first column: the star that unfollows the row, says so and refreshes the list. */
export function useFollowColumn<Row>({ listName, idOf, unfollow, doneKey, testId }: FollowColumnOptions<Row>) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const mutation = useListMutation(listName, unfollow);
  const column: TableColumnType<Row> = {
    key: 'follow',
    title: t('home.follow'),
    width: 64,
    render: (_, row) => (
      <FollowIcon
        testId={testId}
        pending={mutation.isPending && mutation.variables === idOf(row)}
        onUnfollow={() => mutation.mutate(idOf(row), { onSuccess: () => void message.success(t(doneKey)) })}
      />
    ),
  };
  return column;
}
