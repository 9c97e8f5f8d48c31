import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProjectCheckState } from '@dcc/contract';

const COLORS: Record<number, string> = {
  [ProjectCheckState.NOT_SUBMITTED]: 'default',
  [ProjectCheckState.PENDING]: 'processing',
  [ProjectCheckState.PASSED]: 'success',
  [ProjectCheckState.REJECTED]: 'error',
};

/** A project's audit state (spec section 4) by its name in the reader's language, never its code. */
export function CheckStateTag({ state, testId = 'project-check-state' }: { state: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} data-testid={testId} data-state={state}>
      {t(`projects.checkState.${state}`)}
    </Tag>
  );
}
