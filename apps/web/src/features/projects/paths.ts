import { CenControl, type Project } from '@dcc/contract';

/** The project list page's route (Project management > projectsManage, B1001). */
export const PROJECT_PAGE = '/company/projectManage/projectsManage';
export const ADD_PROJECT_PAGE = `${PROJECT_PAGE}/addProject`;

/** A project's detail page: cenProjectDetail for a centrally controlled project, projectDetail otherwise. */
export function projectDetailPath(project: Pick<Project, 'projectId' | 'isCenControl'>): string {
  const page = project.isCenControl === CenControl.CENTRAL ? 'cenProjectDetail' : 'projectDetail';
  return `${PROJECT_PAGE}/${page}/${project.projectId}`;
}

/** A project's edit page. */
export const editProjectPath = (projectId: string): string => `${PROJECT_PAGE}/editProject/${projectId}`;
