import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PointAction } from '@dcc/contract';

const COLORS: Record<PointAction, string> = { add: 'green', update: 'blue', delete: 'red', import: 'purple' };

/** The kind of a point change as a coloured tag. */
export function ActionTag({ action }: { action: PointAction }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[action]}>{t(`pointHistory.action.${action}`)}</Tag>;
}
