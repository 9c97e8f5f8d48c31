import { useMutation } from '@tanstack/react-query';
import { useInvalidateList } from './useInvalidateList.ts';

/** A mutation that refreshes the named list when it succeeds. */
export function useListMutation<Variables, Answer>(
  listName: string,
  mutationFn: (variables: Variables) => Promise<Answer>,
) {
  const invalidate = useInvalidateList(listName);
  return useMutation({ mutationFn, onSuccess: invalidate });
}
