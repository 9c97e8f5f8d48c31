import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  addDeviceToProject,
  addProject,
  addProjectPhoto,
  cenProjectDetail,
  CenControl,
  deleteProject,
  deviceByProjectId,
  ErrorCode,
  getDealersProject,
  listProjectAudits,
  passProjectAudit,
  projectDetail,
  rejectProjectAudit,
  removeDeviceFromProject,
  removeProjectPhoto,
  submitProjectAudit,
  updateProject,
  updateProjectIsImportant,
  type CallRequest,
  type CallResponse,
} from '@dcc/contract';
import { askInShownLanguage, call } from '../../api/client.ts';
import { listQueryKey, sortRequest, type ListQuery } from '../../components/list/index.ts';

/** The project list's name (remembered query, query cache). */
export const PROJECT_LIST = 'projectsManage';

export type ProjectFilters = Pick<
  CallRequest<typeof getDealersProject>,
  'projectName' | 'isCenControl' | 'province' | 'projectCheckState' | 'important'
>;
export type ProjectDraft = CallRequest<typeof addProject>;
export type ProjectWithPhotos = CallResponse<typeof projectDetail>;
export type CenProject = CallResponse<typeof cenProjectDetail>;

/** One page of the subtree's projects, by create time. */
export function loadProjects(query: ListQuery<ProjectFilters>) {
  const { pageIndex, pageSize, projectName, isCenControl, province, projectCheckState, important } = query;
  const { sortOrder } = sortRequest(query, ['createTime'] as const);
  return call(getDealersProject, {
    pageIndex,
    pageSize,
    projectName,
    isCenControl,
    province,
    projectCheckState,
    important,
    ...(sortOrder ? { sortOrder } : {}),
  });
}

const projectKey = (projectId: string) => ['project', projectId] as const;

/** A project with its photos; a centrally controlled one through cenProjectDetail, with its controller. */
export function useProjectDetail(projectId: string, central: boolean) {
  // The province's name and the controller's offline reason are worded by the server in the language shown.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...projectKey(projectId), 'detail', central, i18n.language],
    queryFn: () =>
      askInShownLanguage(({ language }): Promise<ProjectWithPhotos & { controller?: CenProject['controller'] }> =>
        call(
          central ? cenProjectDetail : projectDetail,
          { projectId },
          { quietCodes: [ErrorCode.NOT_FOUND], language },
        ),
      ),
    enabled: projectId !== '',
  });
}

/** The project's devices with their status. */
export function useProjectDevices(projectId: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...projectKey(projectId), 'devices', i18n.language],
    queryFn: () => askInShownLanguage(({ language }) => call(deviceByProjectId, { projectId }, { language })),
    enabled: projectId !== '',
  });
}

/** The project's audit records, newest first. */
export function useProjectAudits(projectId: string) {
  return useQuery({
    queryKey: [...projectKey(projectId), 'audits'],
    queryFn: () => call(listProjectAudits, { projectId }),
    enabled: projectId !== '',
  });
}

/** A change that refreshes the project's detail, devices and audits and the project list. */
function useProjectMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['project'] }),
        queryClient.invalidateQueries({ queryKey: listQueryKey(PROJECT_LIST) }),
      ]),
  });
}

export const useDeleteProject = () => useProjectMutation((projectId: string) => call(deleteProject, { projectId }));
export const useFollowProject = () =>
  useProjectMutation((request: CallRequest<typeof updateProjectIsImportant>) =>
    call(updateProjectIsImportant, request),
  );
export const useAddDevices = (projectId: string) =>
  useProjectMutation((deviceIds: string[]) => call(addDeviceToProject, { projectId, deviceIds }));
export const useRemoveDevices = (projectId: string) =>
  useProjectMutation((deviceIds: string[]) => call(removeDeviceFromProject, { projectId, deviceIds }));
export const useSubmitAudit = (projectId: string) => useProjectMutation(() => call(submitProjectAudit, { projectId }));
export const usePassAudit = (projectId: string) => useProjectMutation(() => call(passProjectAudit, { projectId }));
export const useRejectAudit = (projectId: string) =>
  useProjectMutation((reason: string) => call(rejectProjectAudit, { projectId, reason }));

/** A photo kept by the form: one already stored (photoId) or one uploaded for it and not added yet. */
export interface FormPhoto {
  photoId?: string;
  url: string;
}
export type PhotoGroups = Partial<Record<ProjectWithPhotos['photos'][number]['group'], FormPhoto[]>>;

/** Adds the new photos of the form to the project and removes the ones the form dropped. */
async function savePhotos(projectId: string, photos: PhotoGroups, stored: ProjectWithPhotos['photos']) {
  const kept = new Set(Object.values(photos).flatMap((group) => (group ?? []).flatMap((photo) => photo.photoId ?? [])));
  for (const photo of stored)
    if (!kept.has(photo.photoId)) await call(removeProjectPhoto, { projectId, photoId: photo.photoId });
  for (const [group, list] of Object.entries(photos) as [keyof PhotoGroups, FormPhoto[] | undefined][])
    for (const photo of list ?? [])
      if (!photo.photoId) await call(addProjectPhoto, { projectId, group, url: photo.url });
}

/**
 * Adds a project, then its photos; answers the project and whether every photo was added (a refused photo
 * was toasted; the project exists by then, so the form goes on as its edit, never adding it twice).
 */
export const useAddProject = () =>
  useProjectMutation(async ({ draft, photos }: { draft: ProjectDraft; photos: PhotoGroups }) => {
    const project = await call(addProject, draft);
    const photosSaved = await savePhotos(project.projectId, photos, []).then(
      () => true,
      () => false,
    );
    return { project, photosSaved };
  });

/** Saves a project's fields at the version read, then its photo changes. */
export const useEditProject = () =>
  useProjectMutation(
    async ({
      edit,
      photos,
      stored,
    }: {
      edit: CallRequest<typeof updateProject>;
      photos: PhotoGroups;
      stored: ProjectWithPhotos['photos'];
    }) => {
      const project = await call(updateProject, edit);
      await savePhotos(project.projectId, photos, stored);
      return project;
    },
  );

export const isCentral = (isCenControl: string) => isCenControl === CenControl.CENTRAL;
