/** PagedTable: a paged, sortable, searchable list card driven by a contract list call (pageIndex/pageSize -> list/totalSize). */
export {
  PagedTable,
  listQueryKey,
  TABLE_LOADING_DELAY_MS,
  DEFAULT_PAGE_SIZE,
  type PagedTableProps,
  type ListQuery,
  type PageRequest,
  type PageAnswer,
} from './PagedTable.tsx';
/** ConfirmAction: a link button that asks before a destructive action and spins while it runs. */
export { ConfirmAction } from './ConfirmAction.tsx';
/** useListQuery: a list's page query in the language shown (asked again on a switch, never showing the other language's rows). */
export { useListQuery } from './useListQuery.ts';
/** useRememberedQuery: state kept in session storage per list until another menu entry opens. */
export { useRememberedQuery } from './useRememberedQuery.ts';
/** toListSort/columnSortOrder/sortRequest: antd sorter <-> the request's sortField/sortOrder. */
export { toListSort, columnSortOrder, sortRequest, type ListSort } from './sort.ts';
/** useInvalidateList: refreshes a list after a change. */
export { useInvalidateList } from './useInvalidateList.ts';
/** formatTime: a time as China date and time in the shown language's format. */
export { formatTime } from '../time/platformTime.ts';
/** useListMutation: a mutation that refreshes the named list on success. */
export { useListMutation } from './useListMutation.ts';
/** EditModal: an add/edit dialog with a checked form that saves, toasts and closes. */
export { EditModal } from './EditModal.tsx';
/** ResetPasswordModal: new password twice, for an administrator resetting an account. */
export { ResetPasswordModal } from './ResetPasswordModal.tsx';
/** useAccountActions: the actions column of an account list (edit, reset password, lock/unlock, delete) and its dialogs. */
export { useAccountActions, type AccountCalls } from './useAccountActions.tsx';
/** LockedFilterSelect: all / normal / locked, for the `locked` filter of account lists. */
export { LockedFilterSelect } from './LockedFilterSelect.tsx';

/** RowActions/actionsColumn: a row's edit link and confirmed delete, in the list's actions column. */
export { RowActions, actionsColumn, ACTIONS_COLUMN_KEY } from './RowActions.tsx';
/** FilterSelect: a search form's select of one value or all (''). */
export { FilterSelect } from './FilterSelect.tsx';
/** LoadFailedAlert: a list's error state with a retry button. */
export { LoadFailedAlert } from './LoadFailedAlert.tsx';
/** DataTable: antd's Table whose data cells show the empty placeholder and wrap long text, so the actions column stays in the card. */
export { DataTable } from './DataTable.tsx';
/** TIME_COLUMN_WIDTH: the width of a time column (one line); a column with `ellipsis: true` and a width is cut with a tooltip. */
export { TIME_COLUMN_WIDTH } from './cellDefaults.tsx';
