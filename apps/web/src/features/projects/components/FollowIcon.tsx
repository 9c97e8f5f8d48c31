import { Button, Tooltip } from 'antd';
import StarFilled from '@ant-design/icons/StarFilled';
import StarOutlined from '@ant-design/icons/StarOutlined';
import { useTranslation } from 'react-i18next';
import type { Project } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { useFollowProject } from '../hooks.ts';

/** The follow icon of a project (spec section 4): a click unfollows a followed project ('project unfollowed') or follows it. */
export function FollowIcon({ project }: { project: Pick<Project, 'projectId' | 'isImportant'> }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const follow = useFollowProject();
  const followed = project.isImportant === 1;
  const toggle = () =>
    follow
      .mutateAsync({ projectId: project.projectId, isImportant: followed ? 0 : 1 })
      .then(() => void message.success(t(followed ? 'projects.unfollowed' : 'projects.followed')))
      .catch(() => undefined);
  return (
    <Tooltip title={t(followed ? 'projectsPage.unfollow' : 'projectsPage.follow')}>
      <Button
        type="text"
        size="small"
        loading={follow.isPending}
        icon={followed ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={toggle}
        aria-label={t(followed ? 'projectsPage.unfollow' : 'projectsPage.follow')}
        data-testid="project-follow"
        data-followed={followed}
      />
    </Tooltip>
  );
}
