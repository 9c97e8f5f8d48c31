import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TableColumnsType } from 'antd';
import { getDealersProject, projectDetail, updateProjectIsImportant, type Project } from '@dcc/contract';
import { call } from '../../../../api/client.ts';
import { PagedTable, TIME_COLUMN_WIDTH, formatTime, type ListQuery } from '../../../../components/list/index.ts';
import { useMayCall } from '../../../../session/mayCall.ts';
import { projectDetailPath } from '../../../projects/paths.ts';
import { useFollowColumn } from './useFollowColumn.tsx';

export const KEY_PROJECT_LIST = 'home.keyProjects';

type NoFilters = Record<string, never>;

/** One page of the followed projects of the subtree, by create time (descending unless the reader sorts ascending). */
const loadKeyProjects = ({ pageIndex, pageSize, sortOrder }: ListQuery<NoFilters>) =>
  call(getDealersProject, { pageIndex, pageSize, important: 1, sortOrder: sortOrder ?? 'descend' });

/** Tab "key project monitoring" (B81): the followed projects, paged by 10; the star unfollows. */
export function KeyProjectsTable() {
  const { t } = useTranslation();
  const opensDetail = useMayCall(projectDetail);
  const follow = useFollowColumn<Project>({
    listName: KEY_PROJECT_LIST,
    idOf: (row) => row.projectId,
    unfollow: (projectId) => call(updateProjectIsImportant, { projectId, isImportant: 0 }),
    doneKey: 'projects.unfollowed',
    testId: 'key-project-unfollow',
  });
  const columns: TableColumnsType<Project> = [
    follow,
    {
      key: 'projectName',
      title: t('home.project.name'),
      render: (_, row) =>
        opensDetail ? (
          <Link to={projectDetailPath(row)} data-testid="key-project-link">
            {row.projectName}
          </Link>
        ) : (
          row.projectName
        ),
    },
    { key: 'type', title: t('home.project.type'), render: (_, row) => t(`projects.isCenControl.${row.isCenControl}`) },
    { key: 'area', title: t('home.project.area'), dataIndex: 'provinceText' },
    { key: 'dealer', title: t('home.project.dealer'), dataIndex: 'dealersName' },
    { key: 'devices', title: t('home.project.deviceCount'), dataIndex: 'allDeviceCount' },
    {
      key: 'createTime',
      title: t('home.project.createTime'),
      width: TIME_COLUMN_WIDTH,
      sorter: true,
      render: (_, row) => formatTime(row.createTime),
    },
    {
      key: 'checkSubmitTime',
      title: t('home.project.checkSubmitTime'),
      width: TIME_COLUMN_WIDTH,
      render: (_, row) => formatTime(row.checkSubmitTime),
    },
    {
      key: 'checkState',
      title: t('home.project.checkState'),
      render: (_, row) => (
        <span data-testid="key-project-state">{t(`projects.checkState.${row.projectCheckState}`)}</span>
      ),
    },
  ];
  return (
    <PagedTable<Project, NoFilters>
      listName={KEY_PROJECT_LIST}
      initialFilters={{}}
      load={loadKeyProjects}
      columns={columns}
      rowKey="projectId"
      size="middle"
      testId="key-project-table"
    />
  );
}
