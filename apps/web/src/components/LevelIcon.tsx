import CrownOutlined from '@ant-design/icons/CrownOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';

/** The level mark of a company: the platform (level 0) has its own icon. */
export function LevelIcon({ level }: { level: number }) {
  return level === 0 ? (
    <CrownOutlined style={{ color: '#faad14' }} data-testid="level-icon-0" />
  ) : (
    <ShopOutlined style={{ color: '#1677ff' }} data-testid={`level-icon-${level}`} />
  );
}
