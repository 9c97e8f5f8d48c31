import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProjectCheckState, type Device, type Project } from '@dcc/contract';
import { shownValue } from '../../../components/emptyValue.ts';
import { formatTime } from '../../../components/time/platformTime.ts';
import { CheckStateTag } from '../components/CheckStateTag.tsx';

/** The project's fields of spec section 3, its audit state and submit time; a centrally controlled one names its controller. */
export function ProjectInfo({ project, controller }: { project: Project; controller?: Device | null }) {
  const { t } = useTranslation();
  return (
    <Descriptions bordered size="small" column={2} data-testid="project-info">
      <Descriptions.Item label={t('projectsPage.name')}>
        <span data-testid="project-info-name">{project.projectName}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.isCenControl')}>
        {t(`projects.isCenControl.${project.isCenControl}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.type')}>{t(`projects.type.${project.type}`)}</Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.areaM2')}>{project.area}</Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.province')}>{project.provinceText}</Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.address')}>{project.address}</Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.userName')}>{project.userName}</Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.userPhone')}>{project.userPhone}</Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.application')}>
        {t(`projects.application.${project.application}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.coordinates')}>
        {t('projectsPage.coordinatesValue', { longitude: project.longitude, latitude: project.latitude })}
      </Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.dealer')}>{project.dealersName}</Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.deviceCount')}>{project.allDeviceCount}</Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.createTime')}>{formatTime(project.createTime)}</Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.checkSubmitTime')}>
        <span data-testid="project-check-submit-time">{formatTime(project.checkSubmitTime)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('projectsPage.checkState')}>
        <CheckStateTag state={project.projectCheckState} testId="project-info-check-state" />
      </Descriptions.Item>
      {project.projectCheckState === ProjectCheckState.REJECTED ? (
        <Descriptions.Item label={t('projectsPage.rejectReason')}>
          <span data-testid="project-reject-reason">{project.rejectReason}</span>
        </Descriptions.Item>
      ) : null}
      {controller !== undefined ? (
        <Descriptions.Item label={t('projectsPage.controller')}>
          <span data-testid="project-controller">
            {shownValue(controller && `${controller.deviceCode} · ${controller.deviceName}`)}
          </span>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
