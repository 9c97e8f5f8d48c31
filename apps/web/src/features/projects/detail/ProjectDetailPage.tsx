import { Button, Card, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { LoadFailedResult } from '../../../components/LoadFailedResult.tsx';
import { CheckStateTag } from '../components/CheckStateTag.tsx';
import { FollowIcon } from '../components/FollowIcon.tsx';
import { contentEditable } from '../components/contentEditable.ts';
import { isCentral, useProjectDetail } from '../hooks.ts';
import { editProjectPath, PROJECT_PAGE, projectDetailPath } from '../paths.ts';
import { AuditActions } from './AuditActions.tsx';
import { AuditRecords } from './AuditRecords.tsx';
import { ProjectDevices } from './ProjectDevices.tsx';
import { ProjectInfo } from './ProjectInfo.tsx';
import { ProjectPhotos } from './ProjectPhotos.tsx';

/**
 * projectDetail, and cenProjectDetail for a centrally controlled project (with its controller): the
 * project's fields, photos, devices (live), audit steps and records.
 */
export default function ProjectDetailPage({ central }: { central: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId = '' } = useParams();
  const detail = useProjectDetail(projectId, central);
  if (detail.isError) return <LoadFailedResult error={detail.error} onRetry={() => void detail.refetch()} />;
  const project = detail.data;
  if (!project) return <Spin />;
  // A link that knew only the id (a device's project) opens the centrally controlled project's own page.
  if (!central && isCentral(project.isCenControl)) return <Navigate to={projectDetailPath(project)} replace />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="project-detail">
      <Card
        title={
          <Space>
            <FollowIcon project={project} />
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="project-title">
              {project.projectName}
            </Typography.Title>
            <CheckStateTag state={project.projectCheckState} />
          </Space>
        }
        extra={
          <Space wrap>
            <AuditActions project={project} />
            {contentEditable(project.projectCheckState) ? (
              <Button onClick={() => navigate(editProjectPath(project.projectId))} data-testid="project-edit">
                {t('list.edit')}
              </Button>
            ) : null}
            <Button onClick={() => navigate(PROJECT_PAGE)}>{t('projectsPage.back')}</Button>
          </Space>
        }
      >
        <ProjectInfo project={project} controller={central ? (project.controller ?? null) : undefined} />
      </Card>
      <Card size="small" title={t('projectsPage.photos')}>
        <ProjectPhotos photos={project.photos} />
      </Card>
      <ProjectDevices project={project} />
      <AuditRecords projectId={project.projectId} />
    </Space>
  );
}
