import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS = ['gold', 'blue', 'cyan', 'green', 'purple', 'magenta'];

/** A dealer level 0-5 as a coloured tag. */
export function LevelTag({ level }: { level: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[level] ?? 'default'} data-testid={`dealer-level-${level}`}>
      {t('dealers.level', { level })}
    </Tag>
  );
}
