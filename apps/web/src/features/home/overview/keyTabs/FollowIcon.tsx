import { StarFilled } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The filled star of a followed row: clicking it unfollows (spec section 4: isImportant 0, then the list refreshes). */
export function FollowIcon({ onUnfollow, pending, testId }: { onUnfollow(): void; pending: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('home.unfollow')}>
      <Button
        type="link"
        size="small"
        icon={<StarFilled style={{ color: '#faad14' }} />}
        loading={pending}
        onClick={onUnfollow}
        aria-label={t('home.unfollow')}
        data-testid={testId}
      />
    </Tooltip>
  );
}
