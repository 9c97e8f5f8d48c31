import { useState } from 'react';
import { recallListState, rememberListState } from '../../session/session.ts';

/** A list's query (page, size, filters, sort) kept in session storage under `listName`; the shell forgets it on menu change. */
export function useRememberedQuery<Query extends object>(
  listName: string,
  initial: Query,
): [Query, (next: Query) => void] {
  // A remembered query of an older shape still gets the fields added since.
  const [query, setQueryState] = useState<Query>(() => ({
    ...initial,
    ...(recallListState<Partial<Query>>(listName) ?? {}),
  }));
  const setQuery = (next: Query) => {
    rememberListState(listName, next);
    setQueryState(next);
  };
  return [query, setQuery];
}
