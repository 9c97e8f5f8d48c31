import { ProjectCheckState } from '@dcc/contract';

/** Whether a project's fields and photos may change: not submitted or rejected (the server's rule, shown before asking). */
export const contentEditable = (checkState: number): boolean =>
  checkState === ProjectCheckState.NOT_SUBMITTED || checkState === ProjectCheckState.REJECTED;
